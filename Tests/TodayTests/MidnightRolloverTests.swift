import BatonEnvironment
import Foundation
import Testing
import Today

@Suite("Midnight rollover")
struct MidnightRolloverTests {
    let calendar = WidgetSchedule.localCalendar(TimeZone(secondsFromGMT: -5 * 3600) ?? .current)

    @Test("the next update is at local midnight, and an update then shows the new day")
    func rollover() throws {
        let fixture = try WidgetFixture()
        defer { fixture.remove() }
        let widget = try WidgetFixture.daysRemaining()
        let now = try #require(ISO8601Time.parse("2024-12-31T23:59:00-05:00"))
        let before = fixture.update(widget, now: now, timeZone: calendar.timeZone)
        #expect(before.text == "Today is day 366. There are no days remaining in the year.")

        let next = WidgetSchedule.nextUpdate(after: now, requested: before.requestedUpdate, calendar: calendar)
        #expect(next == ISO8601Time.parse("2025-01-01T00:00:00-05:00"))

        let after = fixture.update(widget, now: next, timeZone: calendar.timeZone)
        #expect(after.text == "Today is day 1. There are 364 days remaining in the year.")
    }

    @Test("a time the widget asks for wins when it comes before midnight")
    func requestedTime() throws {
        let now = try #require(ISO8601Time.parse("2024-06-01T10:00:00-05:00"))
        let midnight = try #require(ISO8601Time.parse("2024-06-02T00:00:00-05:00"))
        let soon = now.addingTimeInterval(600)
        #expect(WidgetSchedule.nextUpdate(after: now, requested: soon, calendar: calendar) == soon)
        #expect(
            WidgetSchedule.nextUpdate(
                after: now, requested: now.addingTimeInterval(-60), calendar: calendar) == midnight)
        #expect(
            WidgetSchedule.nextUpdate(
                after: now, requested: midnight.addingTimeInterval(60), calendar: calendar) == midnight)
        #expect(WidgetSchedule.nextUpdate(after: now, requested: nil, calendar: calendar) == midnight)
    }

    @Test("at exactly midnight the next update is the following midnight")
    func atMidnight() throws {
        let midnight = try #require(ISO8601Time.parse("2024-03-10T00:00:00-05:00"))
        #expect(
            WidgetSchedule.nextMidnight(after: midnight, calendar: calendar)
                == ISO8601Time.parse("2024-03-11T00:00:00-05:00"))
    }
}
