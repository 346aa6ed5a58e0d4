import BatonEnvironment
import Foundation
import Notifications
import Testing

@testable import AccountService

/// Issue 22, finding 2: a repeating calendar trigger at a wall-clock time that a fall-back transition repeats
/// fires once that night, on the scheduler and the manual clock (nothing sleeps).
@Suite struct FallBackTests {
    let owner = NotificationOwner(bundleIdentifier: "com.example.app", device: "a")
    let formatter = ISO8601DateFormatter()

    func nightly(hour: Int, zone: String?) -> NotificationRequest {
        NotificationRequest(
            identifier: "night", content: .init(title: "n"),
            trigger: .calendar(CalendarMatch(hour: hour, minute: 30, timeZone: zone), repeats: true))
    }

    /// A real timer wakes a little after its deadline: the next date is asked for from after the first 01:30,
    /// where Foundation answers the second 01:30 (EST) an hour later.
    @Test func aLateWakeAfterTheFirstOccurrenceDoesNotFireTheRepeatedHour() throws {
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        let saturday = try #require(formatter.date(from: "2027-11-06T16:00:00Z"))
        let clock = ManualClock(now: saturday, timeZone: newYork)
        let scheduler = NotificationScheduler(clock: clock)
        let log = FireLog()
        scheduler.onFire = { log.firings += $0 }
        scheduler.start()
        _ = try scheduler.add(owner: owner, request: nightly(hour: 1, zone: "America/New_York"))
        // Just before the first 01:30 the wall clock steps half a second ahead (within the jump tolerance, so
        // nothing is recomputed): the timer wakes at 01:30:00.5, after the first occurrence.
        let first = try #require(formatter.date(from: "2027-11-07T05:30:00Z"))
        clock.advance(by: first.timeIntervalSince(clock.now()) - 1)
        clock.setWall(clock.now().addingTimeInterval(0.5))
        clock.advance(by: 48 * 3600)
        let fired = log.firings.map { formatter.string(from: $0.due) }
        #expect(fired == ["2027-11-07T05:30:00Z", "2027-11-08T06:30:00Z"])
    }

    /// Added between the two 01:30s (or asked again after the first fired): the next is the following night.
    @Test func addedAfterTheFirstOccurrenceWaitsForTheNextNight() throws {
        for (zone, first, now, expected) in [
            ("America/New_York", 1, "2027-11-07T05:45:00Z", "2027-11-08T06:30:00Z"),
            ("Europe/Warsaw", 2, "2027-10-31T00:30:01Z", "2027-11-01T01:30:00Z"),
        ] {
            let timeZone = try #require(TimeZone(identifier: zone))
            let clock = ManualClock(now: try #require(formatter.date(from: now)), timeZone: timeZone)
            let scheduler = NotificationScheduler(clock: clock)
            scheduler.start()
            let added = try scheduler.add(owner: owner, request: nightly(hour: first, zone: nil))
            #expect(added.nextFire.map { formatter.string(from: $0) } == expected, "\(zone)")
        }
    }

    /// Outside a repeated hour nothing changes: the second 01:30 of a night with no transition is not skipped.
    @Test func anOrdinaryNightIsNotSkipped() throws {
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        let match = CalendarMatch(hour: 1, minute: 30)
        let after = try #require(formatter.date(from: "2027-11-08T06:31:00Z"))
        let next = match.nextDate(after: after, in: newYork)
        #expect(next.map { formatter.string(from: $0) } == "2027-11-09T06:30:00Z")
    }
}
