import Foundation
import Notifications
import Testing

/// Zones whose clocks move by 30 or 45 minutes, or at a quarter past: Lord Howe and Chatham, by name.
@Suite struct NonWholeHourShiftTests {
    let lordHowe = zone("Australia/Lord_Howe")
    let chatham = zone("Pacific/Chatham")

    func fires(_ match: CalendarMatch, from: String, in zone: TimeZone, count: Int = 1, repeats: Bool = true)
        -> [String]
    {
        let trigger = NotificationTrigger.calendar(match, repeats: repeats)
        var date = instant(from)
        var fired: [String] = []
        for _ in 0..<count {
            guard let next = trigger.nextFireDate(after: date, deviceTimeZone: zone) else { break }
            fired.append(local(next, zone))
            date = next
        }
        return fired
    }

    @Test func lordHoweSpringForwardEveryTimeInTheGapFiresAtHalfPastTwo() throws {
        // 2027-10-03: 02:00 (+10:30) jumps to 02:30 (+11:00).
        for minute in [0, 15, 29] {
            let match = CalendarMatch(year: 2027, month: 10, day: 3, hour: 2, minute: minute)
            let trigger = NotificationTrigger.calendar(match, repeats: false)
            let first = try trigger.validate(now: instant("2027-09-01T00:00:00Z"), deviceTimeZone: lordHowe)
            #expect(local(first, lordHowe) == "2027-10-03T02:30:00+11:00", "02:\(minute)")
        }
        let justAfter = CalendarMatch(year: 2027, month: 10, day: 3, hour: 2, minute: 30)
        #expect(fires(justAfter, from: "2027-09-01T00:00:00Z", in: lordHowe) == ["2027-10-03T02:30:00+11:00"])
    }

    @Test func lordHoweDailyWeeklyAndYearlyKeepTheirDay() {
        let from = "2027-10-01T12:00:00+10:30"
        #expect(
            fires(CalendarMatch(hour: 2, minute: 15), from: from, in: lordHowe, count: 3) == [
                "2027-10-02T02:15:00+10:30", "2027-10-03T02:30:00+11:00", "2027-10-04T02:15:00+11:00",
            ])
        // 2027-10-03 is a Sunday.
        #expect(
            fires(CalendarMatch(hour: 2, minute: 15, weekday: 1), from: from, in: lordHowe, count: 2) == [
                "2027-10-03T02:30:00+11:00", "2027-10-10T02:15:00+11:00",
            ])
        #expect(
            fires(CalendarMatch(month: 10, day: 3, hour: 2, minute: 15), from: "2027-01-01T00:00:00Z", in: lordHowe)
                == ["2027-10-03T02:30:00+11:00"])
    }

    @Test func lordHoweFallBackRepeatsHalfAnHour() {
        // 2027-04-04: 02:00 (+11:00) falls back to 01:30 (+10:30); 01:30–01:59 happen twice.
        #expect(
            fires(CalendarMatch(hour: 1, minute: 45), from: "2027-04-03T12:00:00+11:00", in: lordHowe, count: 2) == [
                "2027-04-04T01:45:00+11:00", "2027-04-05T01:45:00+10:30",
            ])
        // Hourly fires at both occurrences: each is an hour that passes.
        #expect(
            fires(CalendarMatch(minute: 45), from: "2027-04-04T00:50:00+11:00", in: lordHowe, count: 3) == [
                "2027-04-04T01:45:00+11:00", "2027-04-04T01:45:00+10:30", "2027-04-04T02:45:00+10:30",
            ])
    }

    @Test func chathamGapFiresAtTheFirstValidTimeNotAQuarterLater() {
        // 2026-09-27: 02:45 (+12:45) jumps to 03:45 (+13:45).
        for (hour, minute) in [(2, 45), (3, 0), (3, 44)] {
            let match = CalendarMatch(year: 2026, month: 9, day: 27, hour: hour, minute: minute)
            #expect(
                fires(match, from: "2026-09-01T00:00:00Z", in: chatham, repeats: false) == [
                    "2026-09-27T03:45:00+13:45"
                ],
                "\(hour):\(minute)")
        }
        #expect(
            fires(CalendarMatch(hour: 3, minute: 0), from: "2026-09-26T12:00:00+12:45", in: chatham, count: 2) == [
                "2026-09-27T03:45:00+13:45", "2026-09-28T03:00:00+13:45",
            ])
    }

    @Test func chathamFallBackFiresTheSingleTimesAfterTheRepeatedHour() throws {
        // 2026-04-05: 03:45 (+13:45) falls back to 02:45 (+12:45); 03:45–03:59 happen once, after the repeat.
        for minute in [45, 50, 59] {
            let match = CalendarMatch(year: 2026, month: 4, day: 5, hour: 3, minute: minute)
            let trigger = NotificationTrigger.calendar(match, repeats: false)
            let first = try trigger.validate(now: instant("2026-04-01T00:00:00Z"), deviceTimeZone: chatham)
            #expect(local(first, chatham) == "2026-04-05T03:\(minute):00+12:45")
        }
        #expect(
            fires(CalendarMatch(hour: 3, minute: 15), from: "2026-04-04T12:00:00+13:45", in: chatham, count: 2) == [
                "2026-04-05T03:15:00+13:45", "2026-04-06T03:15:00+12:45",
            ])
    }
}
