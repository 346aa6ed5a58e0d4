import BatonEnvironment
import Foundation
import Notifications
import Testing

@testable import AccountService

/// The scheduler on the manual clock: nothing sleeps; the clock moves only when the test says so.
@Suite struct SchedulerTests {
    static let start = Date(timeIntervalSince1970: 1_780_000_000)
    let clock = ManualClock(now: Self.start)
    let owner = NotificationOwner(bundleIdentifier: "com.example.app", device: "a")

    /// A scheduler that records every fire's identifier (and lateness) in order.
    func makeScheduler() -> (NotificationScheduler, FireLog) {
        let scheduler = NotificationScheduler(clock: clock)
        let log = FireLog()
        scheduler.onFire = { firings in log.firings += firings }
        scheduler.start()
        return (scheduler, log)
    }

    func request(_ identifier: String, in seconds: Double, repeats: Bool = false) -> NotificationRequest {
        NotificationRequest(
            identifier: identifier, content: NotificationContent(title: identifier),
            trigger: .timeInterval(seconds: seconds, repeats: repeats))
    }

    @Test func firesInDeadlineOrderWithOneArmedTimer() throws {
        let (scheduler, log) = makeScheduler()
        for (identifier, seconds) in [("c", 30.0), ("a", 10), ("b", 20)] {
            _ = try scheduler.add(owner: owner, request: request(identifier, in: seconds))
        }
        #expect(clock.armedCount == 1)
        clock.advance(by: 9.9)
        #expect(log.identifiers.isEmpty)
        clock.advance(by: 15)
        #expect(log.identifiers == ["a", "b"])
        clock.advance(by: 10)
        #expect(log.identifiers == ["a", "b", "c"])
        #expect(scheduler.pendingCount == 0)
        #expect(log.firings.allSatisfy { $0.lateBy == nil })
    }

    @Test func sameIdentifierReplacesThePendingRequest() throws {
        let (scheduler, log) = makeScheduler()
        _ = try scheduler.add(owner: owner, request: request("x", in: 10))
        _ = try scheduler.add(owner: owner, request: request("x", in: 50))
        #expect(scheduler.pendingCount == 1)
        clock.advance(by: 20)
        #expect(log.identifiers.isEmpty)
        clock.advance(by: 40)
        #expect(log.identifiers == ["x"])
    }

    @Test func repeatingIntervalFiresAgainAndMissedPeriodsFireOnce() throws {
        let (scheduler, log) = makeScheduler()
        _ = try scheduler.add(owner: owner, request: request("r", in: 60, repeats: true))
        clock.advance(by: 60)
        clock.advance(by: 60)
        #expect(log.identifiers == ["r", "r"])
        // Forward jump of the wall clock by ten periods: one late fire, then the schedule resumes.
        clock.setWall(clock.now().addingTimeInterval(600))
        clock.advance(by: 60)
        #expect(log.identifiers == ["r", "r", "r"])
        #expect((log.firings.last?.lateBy ?? 0) > 500)
        #expect(scheduler.pendingCount == 1)
        let next = try #require(scheduler.pending { _ in true }.first?.nextFireDate)
        #expect(next > clock.now())
        #expect(next.timeIntervalSince(clock.now()) <= 60)
    }

    @Test func sixtyFifthLaterRequestIsRefusedAndASoonerOnePushesTheLatestOut() throws {
        let (scheduler, _) = makeScheduler()
        for index in 0..<64 {
            _ = try scheduler.add(owner: owner, request: request("n\(index)", in: Double(100 + index)))
        }
        #expect(throws: NotificationScheduler.Refusal.capacity(kept: 64)) {
            try scheduler.add(owner: owner, request: request("late", in: 1000))
        }
        let result = try scheduler.add(owner: owner, request: request("soon", in: 5))
        #expect(result.pushedOut == "n63")
        #expect(scheduler.pendingCount == 64)
        // Another app on the same device has its own 64.
        let other = NotificationOwner(bundleIdentifier: "com.example.other", device: "a")
        _ = try scheduler.add(owner: other, request: request("late", in: 1000))
    }

    @Test func repeatingRequestCountsOnceTowardsTheCap() throws {
        let (scheduler, log) = makeScheduler()
        _ = try scheduler.add(owner: owner, request: request("r", in: 60, repeats: true))
        for index in 0..<63 {
            _ = try scheduler.add(owner: owner, request: request("n\(index)", in: Double(1000 + index)))
        }
        clock.advance(by: 300)
        #expect(log.identifiers == ["r", "r", "r", "r", "r"])
        #expect(scheduler.pendingCount == 64)
    }

    @Test func pastOneShotCalendarDateIsRefused() throws {
        let (scheduler, _) = makeScheduler()
        let past = CalendarMatch(year: 2020, month: 1, day: 1, hour: 9, minute: 0, timeZone: "UTC")
        #expect(throws: NotificationScheduler.Refusal.noFutureDate) {
            try scheduler.add(
                owner: owner,
                request: NotificationRequest(
                    identifier: "p", content: .init(title: "p"), trigger: .calendar(past, repeats: false)))
        }
    }

    @Test func wallClockJumpBackRecomputesCalendarTriggers() throws {
        let (scheduler, log) = makeScheduler()
        // Daily at 09:00 UTC. Start: 2026-05-28 20:26:40 UTC, so next is the 29th at 09:00.
        let daily = CalendarMatch(hour: 9, minute: 0)
        _ = try scheduler.add(
            owner: owner,
            request: NotificationRequest(
                identifier: "d", content: .init(title: "d"), trigger: .calendar(daily, repeats: true)))
        let first = try #require(scheduler.pending { _ in true }.first?.nextFireDate)
        // The wall clock is set back two days: the next 09:00 is now a day and a half sooner than armed.
        clock.setWall(clock.now().addingTimeInterval(-2 * 86_400))
        clock.advance(by: 60)  // the bounded arm wakes the scheduler, which sees the jump
        let recomputed = try #require(scheduler.pending { _ in true }.first?.nextFireDate)
        #expect(recomputed == first.addingTimeInterval(-2 * 86_400))
        clock.advance(by: recomputed.timeIntervalSince(clock.now()))
        #expect(log.identifiers == ["d"])
    }

    @Test func timeZoneChangeMovesFloatingCalendarTriggersOnly() throws {
        let (scheduler, log) = makeScheduler()
        let floating = CalendarMatch(hour: 9, minute: 0)
        let pinned = CalendarMatch(hour: 9, minute: 0, timeZone: "UTC")
        _ = try scheduler.add(
            owner: owner,
            request: NotificationRequest(
                identifier: "f", content: .init(title: "f"), trigger: .calendar(floating, repeats: false)))
        _ = try scheduler.add(
            owner: owner,
            request: NotificationRequest(
                identifier: "p", content: .init(title: "p"), trigger: .calendar(pinned, repeats: false)))
        let warsaw = try #require(TimeZone(identifier: "Europe/Warsaw"))
        clock.setTimeZone(warsaw)
        clock.advance(by: 60)
        let dates = Dictionary(
            uniqueKeysWithValues: scheduler.pending { _ in true }.map { ($0.request.identifier, $0.nextFireDate) })
        let f = try #require(dates["f"] ?? nil)
        let p = try #require(dates["p"] ?? nil)
        // 09:00 in Warsaw (CEST, UTC+2 in May) is two hours before 09:00 UTC.
        #expect(p.timeIntervalSince(f) == 7200)
        clock.advance(by: p.timeIntervalSince(clock.now()))
        #expect(log.identifiers == ["f", "p"])
    }

    @Test func springForwardSkippedTimeFiresAtTheNextValidTime() throws {
        // New York, 2027-03-14: 02:30 does not exist; it fires at 03:00 EDT.
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_805_000_000), timeZone: newYork)  // 2027-03-13
        let scheduler = NotificationScheduler(clock: clock)
        scheduler.start()
        let match = CalendarMatch(month: 3, day: 14, hour: 2, minute: 30)
        let added = try scheduler.add(
            owner: owner,
            request: NotificationRequest(
                identifier: "s", content: .init(title: "s"), trigger: .calendar(match, repeats: false)))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = newYork
        let fire = try #require(added.nextFire)
        let parts = calendar.dateComponents([.month, .day, .hour, .minute], from: fire)
        #expect(parts.month == 3 && parts.day == 14 && parts.hour == 3 && parts.minute == 0)
    }

    @Test func fallBackAmbiguousTimeFiresOnceOnItsFirstOccurrence() throws {
        // New York, 2027-11-07: 01:30 happens twice (EDT, then EST). A daily 01:30 fires once that night, at
        // 01:30 EDT (05:30 UTC), then at 01:30 EST the next night (06:30 UTC), through the daemon's scheduler.
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        let saturdayNoon = try #require(ISO8601DateFormatter().date(from: "2027-11-06T16:00:00Z"))
        let clock = ManualClock(now: saturdayNoon, timeZone: newYork)
        let scheduler = NotificationScheduler(clock: clock)
        let log = FireLog()
        scheduler.onFire = { log.firings += $0 }
        scheduler.start()
        _ = try scheduler.add(
            owner: owner,
            request: NotificationRequest(
                identifier: "night", content: .init(title: "n"),
                trigger: .calendar(CalendarMatch(hour: 1, minute: 30), repeats: true)))
        clock.advance(by: 48 * 3600)
        let formatter = ISO8601DateFormatter()
        #expect(log.firings.map { formatter.string(from: $0.due) } == ["2027-11-07T05:30:00Z", "2027-11-08T06:30:00Z"])
    }

    @Test func restartFiresMissedRequestsOnceMarkedLate() throws {
        let scheduler = NotificationScheduler(clock: clock)
        let log = FireLog()
        scheduler.onFire = { log.firings += $0 }
        scheduler.restore(
            owner: owner, request: request("missed", in: 10), anchor: Self.start.addingTimeInterval(-100),
            nextFire: Self.start.addingTimeInterval(-90))
        scheduler.restore(
            owner: owner, request: request("every", in: 60, repeats: true),
            anchor: Self.start.addingTimeInterval(-3600), nextFire: Self.start.addingTimeInterval(-3000))
        scheduler.restore(
            owner: owner, request: request("later", in: 10), anchor: Self.start,
            nextFire: Self.start.addingTimeInterval(10))
        scheduler.start()
        #expect(Set(log.identifiers) == ["missed", "every"])
        #expect(log.firings.first { $0.request.identifier == "missed" }?.lateBy == 90)
        #expect(log.firings.first { $0.request.identifier == "every" }?.lateBy == 3000)
        clock.advance(by: 10)
        #expect(log.identifiers.sorted() == ["every", "later", "missed"])
        clock.advance(by: 60)
        #expect(log.identifiers.filter { $0 == "every" }.count == 2)
    }

    @Test func locationTriggerFiresOnEntryOnce() throws {
        let (scheduler, log) = makeScheduler()
        let region = Region(identifier: "home", latitude: 52.2297, longitude: 21.0122, radius: 500)
        _ = try scheduler.add(
            owner: owner,
            request: NotificationRequest(
                identifier: "home", content: .init(title: "home"), trigger: .location(region, repeats: false)))
        let krakow = Coordinate(latitude: 50.06, longitude: 19.94)
        let home = Coordinate(latitude: 52.2299, longitude: 21.0125)
        scheduler.locationChanged(device: "a", from: nil, to: krakow)
        #expect(log.identifiers.isEmpty)
        scheduler.locationChanged(device: "b", from: krakow, to: home)
        #expect(log.identifiers.isEmpty)
        scheduler.locationChanged(device: "a", from: krakow, to: home)
        #expect(log.identifiers == ["home"])
        scheduler.locationChanged(device: "a", from: krakow, to: home)
        #expect(log.identifiers == ["home"])
    }
}

/// The fires a test saw, in order.
final class FireLog: @unchecked Sendable {
    var firings: [NotificationScheduler.Firing] = []
    var identifiers: [String] { firings.map(\.request.identifier) }
}
