import Foundation

extension NotificationTrigger {
    /// The next fire date strictly after `date`, or nil when there is none (location and push triggers,
    /// a calendar that matches nothing more).
    ///
    /// - Calendar: the next matching instant, in the trigger's own zone if it names one (an absolute
    ///   instant), else in `deviceTimeZone` (call again when the device's zone changes).
    /// - Time interval: `date + seconds`: pass the date the request was added for its first fire date,
    ///   and the fire date just delivered for a repeating trigger's next one.
    public func nextFireDate(after date: Date, deviceTimeZone: TimeZone) -> Date? {
        switch self {
        case .timeInterval(let seconds, _):
            guard seconds > 0, seconds.isFinite else { return nil }
            return date.addingTimeInterval(seconds)
        case .calendar(let match, _):
            guard let zone = try? match.resolvedTimeZone(deviceTimeZone: deviceTimeZone) else { return nil }
            return match.nextDate(after: date, in: zone)
        case .location, .push:
            return nil
        }
    }

    /// The next fire date after `now` of a request added at `added`.
    ///
    /// A time-interval trigger fires first at `added + seconds`; a repeating one then every `seconds`, so
    /// this is the first multiple after `now` (a one-shot returns its only date, even when it is past:
    /// it was missed, see `catchUp`). A calendar trigger returns its next match after `now`.
    public func nextFireDate(after now: Date, addedAt added: Date, deviceTimeZone: TimeZone) -> Date? {
        switch self {
        case .timeInterval(let seconds, let repeats):
            guard seconds > 0, seconds.isFinite else { return nil }
            let first = added.addingTimeInterval(seconds)
            guard repeats, first <= now else { return first }
            return Self.gridDate(after: now, anchor: first, step: seconds)
        case .calendar, .location, .push:
            return nextFireDate(after: now, deviceTimeZone: deviceTimeZone)
        }
    }

    /// The first `anchor + k·step` (k ≥ 1) strictly after `now`, for an anchor at or before `now`.
    static func gridDate(after now: Date, anchor: Date, step: Double) -> Date {
        let steps = ((now.timeIntervalSince(anchor)) / step).rounded(.down) + 1
        var date = anchor.addingTimeInterval(steps * step)
        // Rounding can land one step short; never return a date at or before `now`.
        while date <= now { date = date.addingTimeInterval(step) }
        return date
    }

    /// What to do about a fire date that passed while the daemon was not running (exactly once: a
    /// missed one-shot fires once, marked late; a repeating one fires once for what it missed and
    /// resumes its schedule). Nil when `scheduled` is still ahead of `now`.
    public func catchUp(missed scheduled: Date, now: Date, deviceTimeZone: TimeZone) -> MissedFire? {
        guard scheduled <= now else { return nil }
        let next: Date?
        switch self {
        case .timeInterval(let seconds, true) where seconds > 0 && seconds.isFinite:
            next = Self.gridDate(after: now, anchor: scheduled, step: seconds)
        case .calendar(_, true):
            next = nextFireDate(after: now, deviceTimeZone: deviceTimeZone)
        default:
            next = nil
        }
        return MissedFire(scheduled: scheduled, lateBy: now.timeIntervalSince(scheduled), next: next)
    }
}

/// The one catch-up firing for a fire date missed while the daemon was down.
public struct MissedFire: Hashable, Sendable {
    /// The fire date that was missed (a repeating trigger's first missed occurrence).
    public var scheduled: Date
    /// Seconds between `scheduled` and now: how late the catch-up delivery is.
    public var lateBy: Double
    /// A repeating trigger's next regular fire date after now; nil for a one-shot (it is done).
    public var next: Date?

    public init(scheduled: Date, lateBy: Double, next: Date?) {
        self.scheduled = scheduled
        self.lateBy = lateBy
        self.next = next
    }
}
