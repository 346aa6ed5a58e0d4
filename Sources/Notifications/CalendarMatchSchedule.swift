import Foundation

extension CalendarMatch {
    /// The zone the components are read in: the explicit one, else the device's.
    /// Throws when the explicit identifier is unknown.
    public func resolvedTimeZone(deviceTimeZone: TimeZone) throws(NotificationValidationError) -> TimeZone {
        guard let timeZone else { return deviceTimeZone }
        guard let zone = TimeZone(identifier: timeZone) else { throw .unknownTimeZone(timeZone) }
        return zone
    }

    /// The components as Foundation's `DateComponents`.
    public var dateComponents: DateComponents {
        DateComponents(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, weekday: weekday)
    }

    /// The Gregorian calendar in `zone`.
    static func calendar(in zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    /// The next instant strictly after `date` that matches, read in `zone`; nil when none.
    ///
    /// Both answers come from `Calendar.nextDate(after:matching:matchingPolicy:repeatedTimePolicy:)`:
    /// - `.strict` finds the next date on which every component exists (February 29 in a leap year,
    ///   the 31st of a month that has one).
    /// - `.nextTime` also lands on a local time skipped at spring-forward: the first valid time after it
    ///   (02:30 on a day that jumps 02:00→03:00 fires at 03:00). But it also rolls a date that does not
    ///   exist (February 29 in 2027) over to the next day, so its answer is taken only when it is sooner
    ///   and falls on a day that matches the requested date fields.
    /// - `.first` makes a time repeated at fall-back fire once, on its first occurrence.
    public func nextDate(after date: Date, in zone: TimeZone) -> Date? {
        let calendar = Self.calendar(in: zone)
        let components = dateComponents
        let strict = calendar.nextDate(
            after: date, matching: components, matchingPolicy: .strict, repeatedTimePolicy: .first)
        let lenient = calendar.nextDate(
            after: date, matching: components, matchingPolicy: .nextTime, repeatedTimePolicy: .first)
        guard let lenient, lenient > date, matchesDateFields(lenient, calendar: calendar) else { return strict }
        guard let strict else { return lenient }
        return min(strict, lenient)
    }

    /// Whether `date` falls on a day whose year, month, day and weekday are the requested ones.
    private func matchesDateFields(_ date: Date, calendar: Calendar) -> Bool {
        let found = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
        return (year == nil || found.year == year) && (month == nil || found.month == month)
            && (day == nil || found.day == day) && (weekday == nil || found.weekday == weekday)
    }

    /// For components that match nothing after `now`: the date they named if it is past (a year was
    /// given and that date exists), else nil (they match no date at all).
    func pastDate(before now: Date, in zone: TimeZone) -> Date? {
        guard let year else { return nil }
        let calendar = Self.calendar(in: zone)
        guard let startOfYear = calendar.date(from: DateComponents(year: year, month: 1, day: 1)),
            let found = nextDate(after: startOfYear.addingTimeInterval(-1), in: zone), found <= now
        else { return nil }
        return found
    }
}
