import BatonEnvironment
import Foundation
import Notifications

/// Times as people type them for `notify --at`, read as wall times in the caller's zone: "17:30", "5pm",
/// "5:30pm", "10am" (the next one), "tomorrow 10:00", "today 18:00", "mon 9:00" / "monday 9am" (the next such
/// day, today's if still ahead), and an ISO 8601 date without a zone ("2027-10-03T02:15").
///
/// Each becomes a one-shot calendar match (year, month, day, hour, minute in the caller's zone), so `--at`
/// lands exactly where `--calendar` with the same fields does: one resolver, `CalendarMatch.nextDate`, for
/// both (a time skipped when clocks go forward fires when they have; a repeated one at its first occurrence).
enum HumanTime {
    static let weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    /// The Gregorian calendar days are counted with (wall dates, read in GMT: no day is skipped or repeated).
    static let days: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? .gmt
        return calendar
    }()

    /// The one-shot match `text` names after `now` in `zone`; nil when it is not one of these forms.
    /// Throws when it names a time already past ("today 07:00" at 09:00): the user meant today, so it is not
    /// moved to tomorrow behind their back.
    static func match(_ text: String, after now: Date, zone: TimeZone = .current) throws(NotifyInputError)
        -> CalendarMatch?
    {
        if let local = localISO(text, zone: zone) { return local }
        var words = text.lowercased().split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        // "5 pm" is "5pm".
        if words.count >= 2, ["am", "pm"].contains(words[words.count - 1]) {
            words[words.count - 2] += words.removeLast()
        }
        guard let last = words.last, words.count <= 2, let minutes = minutes(last) else { return nil }
        var local = Calendar(identifier: .gregorian)
        local.timeZone = zone
        let today = local.dateComponents([.year, .month, .day], from: now)
        guard let start = days.date(from: DateComponents(year: today.year, month: today.month, day: today.day))
        else { return nil }
        let offsets: [Int]
        switch words.count == 2 ? words[0] : "" {
        case "": offsets = [0, 1]
        case "today": offsets = [0]
        case "tomorrow": offsets = [1]
        case let day:
            // "mon", "tues", "monday": three letters or more of the name.
            guard day.count >= 3, let index = weekdays.firstIndex(where: { $0.hasPrefix(day) }) else { return nil }
            offsets = (0...7).filter { days.component(.weekday, from: after(start, $0)) == index + 1 }
        }
        for offset in offsets {
            let day = days.dateComponents([.year, .month, .day], from: after(start, offset))
            let match = CalendarMatch(
                year: day.year, month: day.month, day: day.day, hour: minutes / 60, minute: minutes % 60, second: 0,
                timeZone: zone.identifier)
            if match.nextDate(after: now, in: zone) != nil { return match }
        }
        throw NotifyInputError(
            "--at \(BoundedQuote.quote(text)) is in the past (it is \(clock(now, calendar: local)) now): say "
                + "\"tomorrow \(last)\", or \"\(last)\" for the next one")
    }

    /// Minutes after midnight in "17:30", "9:05", "5pm", "5:30pm", "12am" (midnight), "12pm" (noon).
    static func minutes(_ text: String) -> Int? {
        var body = Substring(text)
        var meridiem: Int?
        for (suffix, base) in [("am", 0), ("pm", 12)] where body.hasSuffix(suffix) {
            body = body.dropLast(2)
            meridiem = base
        }
        guard let meridiem else { return DailySchedule.minutes(body) }
        let pieces = body.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(pieces.count), (1...2).contains(pieces[0].count), let hour = Int(pieces[0]),
            (1...12).contains(hour)
        else { return nil }
        var minute = 0
        if pieces.count == 2 {
            guard pieces[1].count == 2, let value = Int(pieces[1]), (0..<60).contains(value) else { return nil }
            minute = value
        }
        return (hour % 12 + meridiem) * 60 + minute
    }

    /// "2027-10-03T02:15", "2027-10-03 02:15:30" or "2027-10-03" (midnight): a wall time with no zone, in `zone`.
    static func localISO(_ text: String, zone: TimeZone) -> CalendarMatch? {
        let pattern = #/(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/#
        // ISO8601Time checks the ranges (no February 30).
        guard ISO8601Time.parse(text) != nil, let found = text.wholeMatch(of: pattern) else { return nil }
        let (_, year, month, day, hour, minute, second) = found.output
        return CalendarMatch(
            year: Int(year), month: Int(month), day: Int(day), hour: hour.flatMap { Int($0) } ?? 0,
            minute: minute.flatMap { Int($0) } ?? 0, second: second.flatMap { Int($0) } ?? 0,
            timeZone: zone.identifier)
    }

    /// The wall date `count` days after `day`.
    static func after(_ day: Date, _ count: Int) -> Date {
        days.date(byAdding: .day, value: count, to: day) ?? day
    }

    static func clock(_ date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
}
