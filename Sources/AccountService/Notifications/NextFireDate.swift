import Foundation
import Notifications

/// When a trigger fires next after a moment. Time intervals count from their anchor (when the request was
/// added); calendar triggers ask Foundation's `Calendar.nextDate` in the trigger's zone, else the device's
/// (a skipped local time fires at the next valid time, an ambiguous one at its first occurrence).
/// Location and push triggers fire on events: nil.
enum NextFireDate {
    static func after(
        _ moment: Date, trigger: NotificationTrigger?, anchor: Date, deviceTimeZone: TimeZone
    ) -> Date? {
        switch trigger {
        case nil: return anchor
        case .timeInterval(let seconds, let repeats):
            guard seconds > 0 else { return nil }
            let first = anchor.addingTimeInterval(seconds)
            guard repeats, first <= moment else { return first }
            let periods = ((moment.timeIntervalSince(anchor)) / seconds).rounded(.down) + 1
            return anchor.addingTimeInterval(periods * seconds)
        case .calendar(let match, _):
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = match.timeZone.flatMap(TimeZone.init(identifier:)) ?? deviceTimeZone
            var components = DateComponents()
            components.year = match.year
            components.month = match.month
            components.day = match.day
            components.hour = match.hour
            components.minute = match.minute
            components.second = match.second ?? ((match.hour != nil || match.minute != nil) ? 0 : nil)
            components.weekday = match.weekday
            return calendar.nextDate(
                after: moment, matching: components, matchingPolicy: .nextTime, repeatedTimePolicy: .first,
                direction: .forward)
        case .location, .push: return nil
        }
    }

    /// Whether `trigger` depends on the wall clock's reading and the zone (and must be recomputed when they
    /// change): calendar triggers.
    static func followsWallClock(_ trigger: NotificationTrigger?) -> Bool {
        if case .calendar = trigger { return true }
        return false
    }
}
