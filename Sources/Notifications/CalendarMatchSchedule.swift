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

    /// The next instant strictly after `date` that matches, read in `zone`; nil when none.
    ///
    /// The wall times that match come from a Gregorian calendar in GMT (`.strict`: February 29 only in leap
    /// years, the 31st only in months that have one); the zone's own transitions (`ZoneWallClock`) place them:
    /// - A wall time skipped when clocks go forward fires at the first instant after the gap, the transition
    ///   itself (02:15 on Lord Howe's 02:00→02:30 night fires at 02:30); several skipped ones fire there once.
    /// - A wall time shown twice when clocks go back fires once, at its first occurrence, when the match names
    ///   the hour. A match that leaves the hour free (hourly, every minute: `minute=45`, `second=0`) fires at
    ///   both occurrences: each is an hour that really passes, so it keeps its rhythm through the night.
    public func nextDate(after date: Date, in zone: TimeZone) -> Date? {
        let clock = ZoneWallClock(zone: zone)
        let everyOccurrence = hour == nil
        var pieceStart = date
        var offset = clock.offset(at: date)
        // Wall times at or before `bound` are done with.
        var bound = everyOccurrence ? clock.wall(at: date).wholeSeconds : clock.latestWall(atOrBefore: date)
        // Each round crosses one transition (two a year in most zones), or jumps over the years in between.
        for _ in 0..<100_000 {
            guard let wall = Self.nextWall(after: bound, matching: dateComponents) else { return nil }
            let instant = max(pieceStart, wall.addingTimeInterval(-offset))
            guard let transition = clock.nextTransition(after: pieceStart), instant >= transition.at else {
                return instant
            }
            if everyOccurrence && transition.after < transition.before {
                // Clocks go back: the repeated wall times come round again.
                bound = transition.at.addingTimeInterval(transition.after - 1)
            } else {
                bound = max(bound, transition.at.addingTimeInterval(transition.before - 1))
            }
            pieceStart = transition.at
            offset = transition.after
            // Nothing between here and the match's day can be earlier (no wall time comes round again when
            // only the first occurrence counts): go to two days before it.
            let nearby = wall.addingTimeInterval(-2 * 86_400)
            if !everyOccurrence, nearby > pieceStart {
                pieceStart = nearby
                offset = clock.offset(at: nearby)
            }
        }
        return nil
    }

    /// The first wall time strictly after `bound` whose fields are `components`, read in GMT.
    static func nextWall(after bound: Date, matching components: DateComponents) -> Date? {
        if let single = onlyWall(matching: components) { return single.flatMap { $0 > bound ? $0 : nil } }
        let found = ZoneWallClock.wallCalendar.nextDate(
            after: bound, matching: components, matchingPolicy: .strict, repeatedTimePolicy: .first)
        guard let found, found > bound else { return nil }
        return found
    }

    /// The one wall time a match down to the minute names (a one-shot, `--at`): `.some(nil)` when that date
    /// does not exist (February 30), nil when the match names more than one. `Calendar.nextDate` searches for
    /// half a millisecond to answer what `date(from:)` and a look back at its fields say at once.
    static func onlyWall(matching components: DateComponents) -> Date?? {
        guard components.year != nil, components.month != nil, components.day != nil, components.hour != nil,
            components.minute != nil
        else { return nil }
        var exact = components
        exact.second = components.second ?? 0
        let calendar = ZoneWallClock.wallCalendar
        guard let wall = calendar.date(from: exact) else { return .some(nil) }
        let found = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: wall)
        let same =
            found.year == exact.year && found.month == exact.month && found.day == exact.day
            && found.hour == exact.hour && found.minute == exact.minute && found.second == exact.second
            && (exact.weekday == nil || found.weekday == exact.weekday)
        return .some(same ? wall : nil)
    }

    /// For components that match nothing after `now`: the date they named if it is past (a year was
    /// given and that date exists), else nil (they match no date at all).
    func pastDate(before now: Date, in zone: TimeZone) -> Date? {
        guard let year else { return nil }
        // Two days before the year begins on the wall, an instant before it begins in every zone.
        guard let startOfYear = ZoneWallClock.wallCalendar.date(from: DateComponents(year: year, month: 1, day: 1)),
            let found = nextDate(after: startOfYear.addingTimeInterval(-2 * 86_400), in: zone), found <= now
        else { return nil }
        return found
    }
}
