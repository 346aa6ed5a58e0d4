import Foundation

/// A zone's wall clock, read from the zone's own transitions (`TimeZone.nextDaylightSavingTimeTransition(after:)`
/// and `secondsFromGMT(for:)`): between two transitions the wall time is the instant plus one offset.
///
/// Wall times are carried as `Date`s read in GMT ("the wall time as if it were UTC"), so a Gregorian calendar in
/// GMT, which has no transitions, can find the next wall time that matches a trigger's components, and only
/// this type maps wall times to instants. `Calendar.nextDate` asked in the zone itself refuses or misplaces wall
/// times around the 30-minute shift of Lord Howe and the 45-minute one of Chatham.
struct ZoneWallClock {
    /// One change of offset: when, and the offsets before and from then on (seconds east of GMT).
    struct Transition {
        var at: Date
        var before: TimeInterval
        var after: TimeInterval
    }

    let zone: TimeZone

    /// The Gregorian calendar wall times are read with.
    static let wallCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? .gmt
        return calendar
    }()

    /// Seconds east of GMT at `instant`.
    func offset(at instant: Date) -> TimeInterval {
        TimeInterval(zone.secondsFromGMT(for: instant))
    }

    /// The wall time at `instant`.
    func wall(at instant: Date) -> Date {
        instant.addingTimeInterval(offset(at: instant))
    }

    /// The next change of offset strictly after `instant` (one that changes nothing is passed over).
    func nextTransition(after instant: Date) -> Transition? {
        var cursor = instant
        // A zone may list a change of name or of its daylight flag alone; a few in a row is already odd.
        for _ in 0..<8 {
            guard let at = zone.nextDaylightSavingTimeTransition(after: cursor) else { return nil }
            let before = offset(at: at.addingTimeInterval(-1))
            let after = offset(at: at)
            if before != after { return Transition(at: at, before: before, after: after) }
            cursor = at
        }
        return nil
    }

    /// The latest wall time shown at or before `instant`: the wall time now, or, in the span repeated after
    /// clocks went back, the last wall time shown before they did (whole seconds).
    func latestWall(atOrBefore instant: Date) -> Date {
        var latest = wall(at: instant).wholeSeconds
        // Clocks go back by a few hours at most; a day covers every change that can still matter.
        var cursor = instant.addingTimeInterval(-86_400)
        while let transition = nextTransition(after: cursor), transition.at <= instant {
            if transition.before > transition.after {
                latest = max(latest, transition.at.addingTimeInterval(transition.before - 1))
            }
            cursor = transition.at
        }
        return latest
    }
}

extension Date {
    /// This date rounded down to a whole second (wall times that match components are whole seconds).
    var wholeSeconds: Date {
        Date(timeIntervalSinceReferenceDate: timeIntervalSinceReferenceDate.rounded(.down))
    }
}
