import BatonEnvironment
import Foundation
import Testing
import Today

@Suite("Days Remaining through the real host")
struct DaysRemainingTests {
    @Test(
        "day and leap-year sentences",
        arguments: [
            ("2024-01-01T12:00:00Z", "Today is day 1. There are 365 days remaining in the year."),
            ("2023-01-01T12:00:00Z", "Today is day 1. There are 364 days remaining in the year."),
            ("2024-02-29T12:00:00Z", "Today is day 60. There are 306 days remaining in the year."),
            ("2023-03-01T12:00:00Z", "Today is day 60. There are 305 days remaining in the year."),
            ("2024-12-30T12:00:00Z", "Today is day 365. There is one day remaining in the year."),
            ("2024-12-31T12:00:00Z", "Today is day 366. There are no days remaining in the year."),
            ("2023-12-30T12:00:00Z", "Today is day 364. There is one day remaining in the year."),
            ("2023-12-31T12:00:00Z", "Today is day 365. There are no days remaining in the year."),
        ])
    func sentence(now: String, expected: String) throws {
        let fixture = try WidgetFixture()
        defer { fixture.remove() }
        let outcome = fixture.update(try WidgetFixture.daysRemaining(), now: try #require(ISO8601Time.parse(now)))
        #expect(outcome.failure == nil)
        #expect(outcome.result == .newData)
        #expect(outcome.text == expected)
        #expect(outcome.peakRSSKB > 0)
        #expect(outcome.launchMilliseconds != nil)
    }

    @Test("the local time zone decides the day")
    func localTimeZone() throws {
        let fixture = try WidgetFixture()
        defer { fixture.remove() }
        let now = try #require(ISO8601Time.parse("2024-12-31T23:30:00Z"))
        let paris = try #require(TimeZone(secondsFromGMT: 3600))
        let outcome = fixture.update(try WidgetFixture.daysRemaining(), now: now, timeZone: paris)
        #expect(outcome.text == "Today is day 1. There are 364 days remaining in the year.")
    }

    @Test("expanded shows the year's progress bar, ISO week and percentage")
    func expanded() throws {
        let fixture = try WidgetFixture()
        defer { fixture.remove() }
        let now = try #require(ISO8601Time.parse("2024-07-02T00:00:00Z"))
        let outcome = fixture.update(try WidgetFixture.daysRemaining(), now: now, mode: .expanded, width: 40)
        let lines = try #require(outcome.content?.lines)
        // 2 July 2024 is day 184 of 366: 183 days gone, exactly half.
        #expect(lines.contains("[████████████████░░░░░░░░░░░░░░░░] 50.0%"))
        #expect(lines.contains { $0 == "ISO week 27 · 50.0% of the year gone" })
        #expect(lines.allSatisfy { $0.count <= 40 })
    }
}
