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
    /// - `.first` makes a time repeated at fall-back fire once, on its first occurrence. Foundation still
    ///   answers the second occurrence when asked from between the two (after the first has fired), so a
    ///   match whose wall-clock time already occurred at or before `date` is passed over.
    public func nextDate(after date: Date, in zone: TimeZone) -> Date? {
        var after = date
        // A repeated time is passed over at most once per fall-back; a few rounds are plenty.
        for _ in 0..<4 {
            guard let found = firstMatch(after: after, in: zone) else { return nil }
            guard let first = Self.firstOccurrence(of: found, in: zone), first <= date else { return found }
            after = found
        }
        return nil
    }

    /// When `date`'s wall-clock time first occurred, if `date` lies in the hour repeated after a fall-back
    /// transition (01:30 EST is the second 01:30 of the night; the first was an hour earlier, in EDT).
    static func firstOccurrence(of date: Date, in zone: TimeZone) -> Date? {
        guard let transition = zone.nextDaylightSavingTimeTransition(after: date.addingTimeInterval(-2 * 86_400)),
            transition <= date
        else { return nil }
        let repeated =
            zone.secondsFromGMT(for: transition.addingTimeInterval(-1)) - zone.secondsFromGMT(for: transition)
        guard repeated > 0, date.timeIntervalSince(transition) < Double(repeated) else { return nil }
        return date.addingTimeInterval(-Double(repeated))
    }

    /// Foundation's next match strictly after `date` (see `nextDate(after:in:)`).
    private func firstMatch(after date: Date, in zone: TimeZone) -> Date? {
        let calendar = Self.calendar(in: zone)
        let components = dateComponents
        let strict = calendar.nextDate(
            after: date, matching: components, matchingPolicy: .strict, repeatedTimePolicy: .first)
        // A skipped time can only come sooner across a daylight-saving transition before the strict answer;
        // without one (most calls, and every call in a zone without DST) the second search is not needed.
        if let strict {
            guard let transition = zone.nextDaylightSavingTimeTransition(after: date), transition <= strict else {
                return strict
            }
        }
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
