import Foundation
import Notifications
import Testing

@Suite struct CalendarTriggerTests {
    let newYork = zone("America/New_York")
    let warsaw = zone("Europe/Warsaw")
    let tokyo = zone("Asia/Tokyo")

    func next(_ match: CalendarMatch, after: String, device: TimeZone, repeats: Bool = true) -> Date? {
        NotificationTrigger.calendar(match, repeats: repeats).nextFireDate(
            after: instant(after), deviceTimeZone: device)
    }

    @Test func skippedTimeAtSpringForwardFiresAtTheFirstValidTimeInNewYork() {
        // 2026-03-08: 02:00 EST jumps to 03:00 EDT; 02:30 does not exist.
        let match = CalendarMatch(hour: 2, minute: 30)
        let first = next(match, after: "2026-03-07T12:00:00-05:00", device: newYork)
        #expect(local(first, newYork) == "2026-03-08T03:00:00-04:00")
        // And the day after, 02:30 exists again.
        let second = first.flatMap {
            NotificationTrigger.calendar(match, repeats: true).nextFireDate(after: $0, deviceTimeZone: newYork)
        }
        #expect(local(second, newYork) == "2026-03-09T02:30:00-04:00")
    }

    @Test func skippedTimeAtSpringForwardFiresAtTheFirstValidTimeInWarsaw() {
        // 2026-03-29: 02:00 CET jumps to 03:00 CEST.
        let match = CalendarMatch(hour: 2, minute: 15)
        let first = next(match, after: "2026-03-28T12:00:00+01:00", device: warsaw)
        #expect(local(first, warsaw) == "2026-03-29T03:00:00+02:00")
    }

    @Test func ambiguousTimeAtFallBackFiresOnceOnTheFirstOccurrence() {
        // 2026-11-01: 02:00 EDT falls back to 01:00 EST; 01:30 happens twice.
        let trigger = NotificationTrigger.calendar(CalendarMatch(hour: 1, minute: 30), repeats: true)
        let first = trigger.nextFireDate(after: instant("2026-10-31T12:00:00-04:00"), deviceTimeZone: newYork)
        #expect(local(first, newYork) == "2026-11-01T01:30:00-04:00")
        let second = first.flatMap { trigger.nextFireDate(after: $0, deviceTimeZone: newYork) }
        #expect(local(second, newYork) == "2026-11-02T01:30:00-05:00")
    }

    @Test func ambiguousTimeAtFallBackInWarsaw() {
        // 2026-10-25: 03:00 CEST falls back to 02:00 CET; 02:30 happens twice.
        let trigger = NotificationTrigger.calendar(CalendarMatch(hour: 2, minute: 30), repeats: true)
        let first = trigger.nextFireDate(after: instant("2026-10-24T12:00:00+02:00"), deviceTimeZone: warsaw)
        #expect(local(first, warsaw) == "2026-10-25T02:30:00+02:00")
        let second = first.flatMap { trigger.nextFireDate(after: $0, deviceTimeZone: warsaw) }
        #expect(local(second, warsaw) == "2026-10-26T02:30:00+01:00")
    }

    @Test func zoneWithoutDaylightSavingKeepsItsHourAllYear() {
        let trigger = NotificationTrigger.calendar(CalendarMatch(hour: 2, minute: 30), repeats: true)
        for (after, expected) in [
            ("2026-03-07T12:00:00+09:00", "2026-03-08T02:30:00+09:00"),
            ("2026-10-31T12:00:00+09:00", "2026-11-01T02:30:00+09:00"),
        ] {
            let date = trigger.nextFireDate(after: instant(after), deviceTimeZone: tokyo)
            #expect(local(date, tokyo) == expected)
        }
        let utc = trigger.nextFireDate(after: instant("2026-03-29T00:00:00Z"), deviceTimeZone: zone("UTC"))
        #expect(local(utc, zone("UTC")) == "2026-03-29T02:30:00Z")
    }

    @Test func anExplicitZoneFiresAtThatAbsoluteInstantWhateverTheDeviceZone() {
        let match = CalendarMatch(hour: 9, minute: 0, timeZone: "Europe/Warsaw")
        let fromNewYork = next(match, after: "2026-06-01T00:00:00Z", device: newYork)
        let fromTokyo = next(match, after: "2026-06-01T00:00:00Z", device: tokyo)
        #expect(fromNewYork == instant("2026-06-01T09:00:00+02:00"))
        #expect(fromTokyo == fromNewYork)
    }

    @Test func withoutAZoneItFollowsTheDevicesCurrentZone() {
        let trigger = NotificationTrigger.calendar(CalendarMatch(hour: 9, minute: 0), repeats: true)
        let now = instant("2026-06-01T00:00:00Z")
        let inNewYork = trigger.nextFireDate(after: now, deviceTimeZone: newYork)
        #expect(local(inNewYork, newYork) == "2026-06-01T09:00:00-04:00")
        // The device moves to Warsaw: the daemon recomputes with the new zone; 09:00 local again.
        let inWarsaw = trigger.nextFireDate(after: now, deviceTimeZone: warsaw)
        #expect(local(inWarsaw, warsaw) == "2026-06-01T09:00:00+02:00")
        #expect(inWarsaw != inNewYork)
    }

    @Test func everyMondayAtNine() {
        let trigger = NotificationTrigger.calendar(CalendarMatch(hour: 9, minute: 0, weekday: 2), repeats: true)
        var date = instant("2026-03-04T10:00:00-05:00")  // a Wednesday
        var fired: [String] = []
        for _ in 0..<3 {
            guard let next = trigger.nextFireDate(after: date, deviceTimeZone: newYork) else { break }
            fired.append(local(next, newYork))
            date = next
        }
        // Across the spring-forward Sunday, still 09:00 local.
        #expect(fired == ["2026-03-09T09:00:00-04:00", "2026-03-16T09:00:00-04:00", "2026-03-23T09:00:00-04:00"])
    }

    @Test func february29thYearlyFiresOnlyInLeapYears() {
        let trigger = NotificationTrigger.calendar(CalendarMatch(month: 2, day: 29, hour: 9, minute: 0), repeats: true)
        let first = trigger.nextFireDate(after: instant("2026-01-01T00:00:00Z"), deviceTimeZone: warsaw)
        #expect(local(first, warsaw) == "2028-02-29T09:00:00+01:00")
        let second = first.flatMap { trigger.nextFireDate(after: $0, deviceTimeZone: warsaw) }
        #expect(local(second, warsaw) == "2032-02-29T09:00:00+01:00")
    }

    @Test func day31MonthlySkipsShorterMonths() {
        let trigger = NotificationTrigger.calendar(CalendarMatch(day: 31, hour: 8, minute: 0), repeats: true)
        var date = instant("2026-01-01T00:00:00Z")
        var fired: [String] = []
        for _ in 0..<4 {
            guard let next = trigger.nextFireDate(after: date, deviceTimeZone: zone("UTC")) else { break }
            fired.append(local(next, zone("UTC")))
            date = next
        }
        #expect(
            fired == [
                "2026-01-31T08:00:00Z", "2026-03-31T08:00:00Z", "2026-05-31T08:00:00Z", "2026-07-31T08:00:00Z",
            ])
    }

    @Test func aOneShotDateFiresOnceThenNever() {
        let match = CalendarMatch(year: 2026, month: 7, day: 4, hour: 12, minute: 0, timeZone: "America/New_York")
        let trigger = NotificationTrigger.calendar(match, repeats: false)
        let first = trigger.nextFireDate(after: instant("2026-07-01T00:00:00Z"), deviceTimeZone: tokyo)
        #expect(first == instant("2026-07-04T12:00:00-04:00"))
        #expect(first.flatMap { trigger.nextFireDate(after: $0, deviceTimeZone: tokyo) } == nil)
    }

    @Test func componentsThatMatchNoDateHaveNoFireDate() {
        for match in [CalendarMatch(month: 2, day: 30), CalendarMatch(month: 13), CalendarMatch(day: 32)] {
            #expect(next(match, after: "2026-01-01T00:00:00Z", device: warsaw) == nil, "\(match.summary)")
        }
    }

    @Test func anUnknownZoneHasNoFireDate() {
        #expect(
            next(CalendarMatch(hour: 9, timeZone: "Mars/Olympus"), after: "2026-01-01T00:00:00Z", device: warsaw) == nil
        )
    }
}
