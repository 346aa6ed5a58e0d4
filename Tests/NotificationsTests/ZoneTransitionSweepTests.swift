import Foundation
import Notifications
import Testing

/// Every transition of every zone in the system's zoneinfo, 2026–2030, against an oracle built from the zone's
/// own transition list: the offsets `secondsFromGMT(for:)` gives one second before and at each transition, and
/// plain arithmetic on them. Nothing here asks `Calendar` where a wall time lands.
@Suite struct ZoneTransitionSweepTests {
    /// One change of offset: the instant, the offset before and the offset from then on.
    struct Transition {
        var zone: TimeZone
        var at: TimeInterval
        var before: Int
        var after: Int
    }

    static let gmt: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? .gmt
        return calendar
    }()

    /// The transitions of 2026–2030 that stand alone (none other within three days; all of them do today).
    static func transitions() -> [Transition] {
        let start = instant("2026-01-01T00:00:00Z")
        let end = instant("2031-01-01T00:00:00Z")
        var found: [Transition] = []
        for identifier in TimeZone.knownTimeZoneIdentifiers {
            guard let zone = TimeZone(identifier: identifier) else { continue }
            var list: [Date] = []
            var cursor = start
            while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next < end {
                list.append(next)
                cursor = next
            }
            for (index, date) in list.enumerated() {
                let before = zone.secondsFromGMT(for: date.addingTimeInterval(-1))
                let after = zone.secondsFromGMT(for: date)
                let lonely = list.allSatisfy { $0 == date || abs($0.timeIntervalSince(date)) > 3 * 86_400 }
                guard before != after, lonely else { continue }
                // The list is the zone's: its offset holds still between two transitions.
                if index + 1 < list.count {
                    let middle = date.addingTimeInterval(list[index + 1].timeIntervalSince(date) / 2)
                    #expect(zone.secondsFromGMT(for: middle) == after, "\(identifier) \(date)")
                }
                found.append(
                    Transition(zone: zone, at: date.timeIntervalSinceReferenceDate, before: before, after: after))
            }
        }
        return found
    }

    /// A wall time (seconds, read as GMT) as the components of a one-shot, a daily and an hourly match.
    static func matches(_ wall: TimeInterval, zone: TimeZone) -> (
        once: CalendarMatch, daily: CalendarMatch, hourly: CalendarMatch
    ) {
        let parts = gmt.dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSinceReferenceDate: wall))
        let once = CalendarMatch(
            year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute,
            second: parts.second, timeZone: zone.identifier)
        let daily = CalendarMatch(
            hour: parts.hour, minute: parts.minute, second: parts.second, timeZone: zone.identifier)
        let hourly = CalendarMatch(minute: parts.minute, second: parts.second, timeZone: zone.identifier)
        return (once, daily, hourly)
    }

    static func next(_ match: CalendarMatch, after seconds: TimeInterval, repeats: Bool = true) -> TimeInterval? {
        NotificationTrigger.calendar(match, repeats: repeats).nextFireDate(
            after: Date(timeIntervalSinceReferenceDate: seconds), deviceTimeZone: .gmt)?.timeIntervalSinceReferenceDate
    }

    @Test func everyTransitionOfEveryZoneResolvesAsTheRuleSays() {
        let transitions = Self.transitions()
        #expect(transitions.count > 500, "zoneinfo lists \(transitions.count) transitions for 2026–2030")
        var failures: [String] = []
        for transition in transitions {
            let problems =
                transition.after > transition.before ? Self.checkGap(transition) : Self.checkRepeat(transition)
            failures += problems.map {
                "\(transition.zone.identifier) at \(Date(timeIntervalSinceReferenceDate: transition.at)): \($0)"
            }
        }
        #expect(failures.isEmpty, "\(failures.count) wrong, first: \(failures.prefix(8).joined(separator: "\n"))")
    }

    /// The wall times tried around a skipped or repeated span [start, end): its edges, its middle minute, the
    /// last minute inside and the minute before.
    static func samples(from start: TimeInterval, to end: TimeInterval) -> [TimeInterval] {
        let middle = start + ((end - start) / 2 / 60).rounded(.down) * 60
        return Set([start - 60, start, middle, end - 60, end]).sorted()
    }

    /// Clocks go forward: wall times [T+before, T+after) do not exist and fire at T.
    static func checkGap(_ t: Transition) -> [String] {
        let (at, before, after) = (t.at, Double(t.before), Double(t.after))
        let (start, end) = (at + before, at + after)
        var problems = Problems(zone: t.zone)
        func check(_ label: String, _ got: TimeInterval?, _ expected: TimeInterval?) {
            problems.check(label, got, expected)
        }
        for wall in samples(from: start, to: end) {
            let expected = wall < start ? wall - before : wall < end ? at : wall - after
            let match = matches(wall, zone: t.zone)
            check("once \(wall - start)", next(match.once, after: at - 2 * 86_400, repeats: false), expected)
            check(
                "daily from the day before \(wall - start)", next(match.daily, after: wall - 86_400 - before), expected)
            check("daily the day after \(wall - start)", next(match.daily, after: expected), wall + 86_400 - after)
            guard wall >= start, wall < end else { continue }
            // Hourly: the gap fires once, at T; then the next wall time past the gap.
            check("hourly into the gap \(wall - start)", next(match.hourly, after: at - 1), at)
            let later = wall + 3600 * ((end - wall) / 3600 + 1).rounded(.down)
            check("hourly after the gap \(wall - start)", next(match.hourly, after: at), later - after)
        }
        return problems.found
    }

    /// Clocks go back: wall times [T+after, T+before) happen twice.
    static func checkRepeat(_ t: Transition) -> [String] {
        let (at, before, after) = (t.at, Double(t.before), Double(t.after))
        let (start, end) = (at + after, at + before)
        var problems = Problems(zone: t.zone)
        func check(_ label: String, _ got: TimeInterval?, _ expected: TimeInterval?) {
            problems.check(label, got, expected)
        }
        for wall in samples(from: start, to: end) {
            let repeated = wall >= start && wall < end
            let first = wall < end ? wall - before : wall - after
            let match = matches(wall, zone: t.zone)
            check("once \(wall - start)", next(match.once, after: at - 2 * 86_400, repeats: false), first)
            check("once again \(wall - start)", next(match.once, after: first, repeats: false), nil)
            check("daily from the day before \(wall - start)", next(match.daily, after: wall - 86_400 - before), first)
            check("daily the day after \(wall - start)", next(match.daily, after: first), wall + 86_400 - after)
            guard repeated else { continue }
            // Asked between the two occurrences, a one-shot is done and a daily one waits for tomorrow.
            check("once between \(wall - start)", next(match.once, after: at, repeats: false), nil)
            check("daily between \(wall - start)", next(match.daily, after: at), wall + 86_400 - after)
            // Hourly: both occurrences fire, each an hour that really passes.
            // The earliest wall time of the repeated span with this minute and second: its second occurrence.
            let earliest = wall - 3600 * ((wall - start) / 3600).rounded(.down)
            let nextHour = wall + 3600 < end ? wall + 3600 - before : wall + 3600 - after
            check(
                "hourly after the first \(wall - start)", next(match.hourly, after: first),
                min(earliest - after, nextHour))
            check("hourly at the change \(wall - start)", next(match.hourly, after: at - 1), earliest - after)
        }
        return problems.found
    }
}

/// What went wrong around one transition, each as local wall-clock text.
struct Problems {
    var zone: TimeZone
    var found: [String] = []

    mutating func check(_ label: String, _ got: TimeInterval?, _ expected: TimeInterval?) {
        guard got != expected else { return }
        let zone = zone
        let text = { (value: TimeInterval?) -> String in
            local(value.map { Date(timeIntervalSinceReferenceDate: $0) }, zone)
        }
        found.append("\(label): got \(text(got)), expected \(text(expected))")
    }
}
