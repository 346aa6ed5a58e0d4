import Foundation

/// When the host updates a widget next: at local midnight, or sooner when the widget asks.
public enum WidgetSchedule {
    /// The first local midnight after `now`.
    public static func nextMidnight(after now: Date, calendar: Calendar) -> Date {
        let today = calendar.startOfDay(for: now)
        return calendar.date(byAdding: .day, value: 1, to: today) ?? today.addingTimeInterval(86_400)
    }

    /// The next update: the widget's requested time when it is in the future and before midnight.
    public static func nextUpdate(after now: Date, requested: Date?, calendar: Calendar) -> Date {
        let midnight = nextMidnight(after: now, calendar: calendar)
        guard let requested, requested > now, requested < midnight else { return midnight }
        return requested
    }

    /// The Gregorian calendar in `timeZone` (local by default).
    public static func localCalendar(_ timeZone: TimeZone = .current) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}
