import Foundation
import Notifications
import Testing

@Suite struct TimeIntervalTriggerTests {
    let utc = zone("UTC")
    let added = instant("2026-05-01T10:00:00Z")

    @Test func firstFireIsAddedPlusInterval() {
        let trigger = NotificationTrigger.timeInterval(seconds: 90, repeats: false)
        #expect(trigger.nextFireDate(after: added, deviceTimeZone: utc) == added.addingTimeInterval(90))
        #expect(
            trigger.nextFireDate(after: added, addedAt: added, deviceTimeZone: utc) == added.addingTimeInterval(90))
    }

    @Test func repeatingFiresAtTheNextMultipleAfterNow() {
        let trigger = NotificationTrigger.timeInterval(seconds: 60, repeats: true)
        let now = added.addingTimeInterval(185)  // after fires at 60, 120, 180
        #expect(trigger.nextFireDate(after: now, addedAt: added, deviceTimeZone: utc) == added.addingTimeInterval(240))
        let exactlyOnOne = added.addingTimeInterval(240)
        #expect(
            trigger.nextFireDate(after: exactlyOnOne, addedAt: added, deviceTimeZone: utc)
                == added.addingTimeInterval(300))
        let beforeFirst = added.addingTimeInterval(10)
        #expect(
            trigger.nextFireDate(after: beforeFirst, addedAt: added, deviceTimeZone: utc)
                == added.addingTimeInterval(60))
    }

    @Test func aOneShotKeepsItsOnlyDateEvenWhenPast() {
        let trigger = NotificationTrigger.timeInterval(seconds: 60, repeats: false)
        let now = added.addingTimeInterval(3600)
        #expect(trigger.nextFireDate(after: now, addedAt: added, deviceTimeZone: utc) == added.addingTimeInterval(60))
    }

    @Test func locationAndPushTriggersHaveNoDate() {
        let region = Region(identifier: "home", latitude: 52, longitude: 21, radius: 100)
        #expect(
            NotificationTrigger.location(region, repeats: false).nextFireDate(after: added, deviceTimeZone: utc) == nil)
        #expect(NotificationTrigger.push.nextFireDate(after: added, deviceTimeZone: utc) == nil)
    }
}

@Suite struct MissedFireTests {
    let utc = zone("UTC")

    @Test func aMissedOneShotFiresOnceMarkedLate() {
        let trigger = NotificationTrigger.timeInterval(seconds: 300, repeats: false)
        let scheduled = instant("2026-05-01T10:05:00Z")
        let now = instant("2026-05-01T12:00:00Z")
        let missed = trigger.catchUp(missed: scheduled, now: now, deviceTimeZone: utc)
        #expect(missed == MissedFire(scheduled: scheduled, lateBy: 6900, next: nil))
    }

    @Test func aDateStillAheadIsNotMissed() {
        let trigger = NotificationTrigger.timeInterval(seconds: 300, repeats: false)
        let scheduled = instant("2026-05-01T10:05:00Z")
        #expect(trigger.catchUp(missed: scheduled, now: scheduled.addingTimeInterval(-1), deviceTimeZone: utc) == nil)
        // Exactly due counts as due, not late.
        #expect(trigger.catchUp(missed: scheduled, now: scheduled, deviceTimeZone: utc)?.lateBy == 0)
    }

    @Test func aRepeatingIntervalFiresOnceAndResumesItsGrid() {
        let trigger = NotificationTrigger.timeInterval(seconds: 3600, repeats: true)
        let scheduled = instant("2026-05-01T10:00:00Z")
        let now = instant("2026-05-01T15:30:00Z")  // missed 10, 11, 12, 13, 14, 15
        let missed = trigger.catchUp(missed: scheduled, now: now, deviceTimeZone: utc)
        #expect(missed?.scheduled == scheduled)
        #expect(missed?.lateBy == 5.5 * 3600)
        #expect(missed?.next == instant("2026-05-01T16:00:00Z"))
    }

    @Test func aRepeatingCalendarFiresOnceAndResumesAtItsNextMatch() {
        let warsaw = zone("Europe/Warsaw")
        let trigger = NotificationTrigger.calendar(CalendarMatch(hour: 9, minute: 0), repeats: true)
        let scheduled = instant("2026-05-01T09:00:00+02:00")
        let now = instant("2026-05-04T12:00:00+02:00")
        let missed = trigger.catchUp(missed: scheduled, now: now, deviceTimeZone: warsaw)
        #expect(abs((missed?.lateBy ?? 0) - (3 * 86400 + 3 * 3600)) < 0.001)
        #expect(missed?.next == instant("2026-05-05T09:00:00+02:00"))
    }

    @Test func aMissedOneShotCalendarIsDoneAfterItsCatchUp() {
        let trigger = NotificationTrigger.calendar(
            CalendarMatch(year: 2026, month: 5, day: 1, hour: 9, timeZone: "UTC"), repeats: false)
        let missed = trigger.catchUp(
            missed: instant("2026-05-01T09:00:00Z"), now: instant("2026-05-01T09:00:30Z"), deviceTimeZone: utc)
        #expect(missed == MissedFire(scheduled: instant("2026-05-01T09:00:00Z"), lateBy: 30, next: nil))
    }
}
