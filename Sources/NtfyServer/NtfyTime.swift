import Foundation

/// ntfy's times: a delivery time for `Delay`/`At`/`In` and a point for `since=`. A UNIX timestamp, a duration
/// (`30s`, `10m`, `30min`, `2h`, `3 hours`, `1d`, `2 days`) from now, or an ISO 8601 time; ntfy's natural
/// language (`tomorrow, 10am`) is not read and is refused with 40004 as ntfy refuses what it cannot parse.
public enum NtfyTime {
    /// The shortest and longest delay ntfy takes (its defaults: 10 s and 3 days).
    public static let minDelay: TimeInterval = 10
    public static let maxDelay: TimeInterval = 3 * 24 * 3600

    /// The delivery time `text` names, checked against ntfy's bounds.
    public static func delivery(_ text: String, now: Date) throws(NtfyError) -> Date {
        guard let date = point(text, now: now, future: true) else { throw .delayCannotParse }
        let delay = date.timeIntervalSince(now)
        if delay < minDelay { throw .delayTooSmall }
        if delay > maxDelay { throw .delayTooLarge }
        return date
    }

    /// `text` as a time: a timestamp, an ISO 8601 time, or a duration counted forward (`future`) or back.
    public static func point(_ text: String, now: Date, future: Bool) -> Date? {
        let text = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let seconds = Int64(text), seconds > 0 { return Date(timeIntervalSince1970: TimeInterval(seconds)) }
        if let duration = duration(text) { return now.addingTimeInterval(future ? duration : -duration) }
        let iso = ISO8601DateFormatter()
        return iso.date(from: text.uppercased())
    }

    /// `30s`, `10m`, `30min`, `2h`, `3 hours`, `1d`, `2 days` in seconds; nil when it is not one.
    static func duration(_ text: String) -> TimeInterval? {
        let digits = text.prefix { $0.isNumber }
        guard let number = Double(digits), !digits.isEmpty else { return nil }
        let unit = text.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
        switch unit {
        case "s", "sec", "secs", "second", "seconds": return number
        case "m", "min", "mins", "minute", "minutes": return number * 60
        case "h", "hr", "hrs", "hour", "hours": return number * 3600
        case "d", "day", "days": return number * 86_400
        case "w", "week", "weeks": return number * 7 * 86_400
        default: return nil
        }
    }
}
