import Foundation
import Notifications

/// Times as people type them for `notify --at`: "17:30" (the next one), "tomorrow 10:00", "today 18:00",
/// "mon 9:00" / "monday 9:00" (the next such day, this week's if still ahead), read in `calendar`'s zone (the
/// device's).
enum HumanTime {
    static let weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    /// The instant `text` names after `now`; nil when it is not one of these forms.
    static func date(_ text: String, after now: Date, calendar: Calendar = .current) -> Date? {
        let words = text.lowercased().split(separator: " ", omittingEmptySubsequences: true)
        guard let last = words.last, words.count <= 2, let minutes = DailySchedule.minutes(last) else { return nil }
        var parts = DateComponents(hour: minutes / 60, minute: minutes % 60, second: 0)
        guard words.count == 2 else {
            return calendar.nextDate(after: now, matching: parts, matchingPolicy: .nextTime)
        }
        let day = String(words[0])
        switch day {
        case "today", "tomorrow":
            let start = calendar.startOfDay(for: now)
            guard let base = day == "today" ? start : calendar.date(byAdding: .day, value: 1, to: start) else {
                return nil
            }
            let found = calendar.nextDate(
                after: base.addingTimeInterval(-1), matching: parts, matchingPolicy: .nextTime)
            return found.flatMap { calendar.isDate($0, inSameDayAs: base) && $0 > now ? $0 : nil }
        default:
            // "mon", "tues", "monday": three letters or more of the name.
            guard day.count >= 3, let index = weekdays.firstIndex(where: { $0.hasPrefix(day) }) else { return nil }
            parts.weekday = index + 1
            return calendar.nextDate(after: now, matching: parts, matchingPolicy: .nextTime)
        }
    }
}
