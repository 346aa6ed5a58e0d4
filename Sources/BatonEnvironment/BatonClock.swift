import Foundation

/// The suite's clock: the real time, or a time fixed by `--now`/`BATON_NOW` that then runs on.
///
/// A fixed clock starts at the given instant when the process starts and advances in real
/// time, so demos and tests see a chosen date and still see midnight pass.
public struct BatonClock: Sendable {
    private let offset: TimeInterval

    /// The real clock.
    public static let system = BatonClock(offset: 0)

    private init(offset: TimeInterval) { self.offset = offset }

    /// A clock that reads `start` now.
    public init(startingAt start: Date) {
        offset = start.timeIntervalSinceNow
    }

    /// The clock from `--now` (wins) or `BATON_NOW`; throws on an unreadable date.
    public static func resolve(
        option: String?, environment: [String: String] = ProcessEnvironment.subset(["BATON_NOW"])
    )
        throws -> BatonClock
    {
        let text = option ?? environment["BATON_NOW"]
        guard let text, !text.isEmpty else { return .system }
        guard let date = ISO8601Time.parse(text) else { throw ClockError.unreadable(text) }
        // Foundation's Gregorian calendar is Julian before October 1582: earlier days would be counted wrong.
        let year = Calendar(identifier: .gregorian).component(.year, from: date)
        guard supportedYears.contains(year), date >= earliest else { throw ClockError.outOfRange(text) }
        return BatonClock(startingAt: date)
    }

    /// The years a fixed clock may start in (the Gregorian calendar's, to four digits).
    public static let supportedYears = 1583...9999
    private static let earliest = Date(timeIntervalSince1970: -12_212_553_600)  // 1583-01-01T00:00:00Z

    /// The current time on this clock.
    public func now() -> Date { Date().addingTimeInterval(offset) }

    /// Whether the clock was fixed by the user.
    public var isFixed: Bool { offset != 0 }
}

/// A `--now` value that is not an ISO 8601 date.
public enum ClockError: Error, CustomStringConvertible {
    case unreadable(String)
    case outOfRange(String)
    public var description: String {
        switch self {
        case .outOfRange(let text):
            "'\(text)' is outside the years \(BatonClock.supportedYears.lowerBound)–\(BatonClock.supportedYears.upperBound) (the Gregorian calendar's)"
        case .unreadable(let text):
            "cannot read '\(text)' as an ISO 8601 date (e.g. 2024-12-30T12:00:00, 2024-12-30T12:00:00Z or 2024-12-30)"
        }
    }
}

/// Parses the ISO 8601 forms people type: a date, a local date-time, or one with `Z` or an offset.
public enum ISO8601Time {
    /// The instant `text` names, or nil. A time with no zone is local time.
    public static func parse(_ text: String) -> Date? {
        let pattern =
            #"^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?(Z|[+-]\d{2}:?\d{2})?$"#
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        else { return nil }
        func group(_ index: Int) -> String? {
            guard let range = Range(match.range(at: index), in: text) else { return nil }
            return String(text[range])
        }
        var components = DateComponents()
        components.year = group(1).flatMap(Int.init)
        components.month = group(2).flatMap(Int.init)
        components.day = group(3).flatMap(Int.init)
        components.hour = group(4).flatMap(Int.init) ?? 0
        components.minute = group(5).flatMap(Int.init) ?? 0
        components.second = group(6).flatMap(Int.init) ?? 0
        var calendar = Calendar(identifier: .gregorian)
        if let zone = group(8) {
            if zone == "Z" {
                calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? .current
            } else {
                let digits = zone.dropFirst().filter(\.isNumber)
                guard digits.count == 4, let hours = Int(digits.prefix(2)),
                    let minutes = Int(digits.suffix(2))
                else { return nil }
                let sign = zone.hasPrefix("-") ? -1 : 1
                guard let tz = TimeZone(secondsFromGMT: sign * (hours * 3600 + minutes * 60)) else {
                    return nil
                }
                calendar.timeZone = tz
            }
        } else {
            calendar.timeZone = .current
        }
        guard let month = components.month, (1...12).contains(month),
            let day = components.day, (1...31).contains(day),
            let hour = components.hour, (0...23).contains(hour),
            let minute = components.minute, (0...59).contains(minute),
            let second = components.second, (0...60).contains(second)
        else { return nil }
        components.calendar = calendar
        components.timeZone = calendar.timeZone
        guard let date = calendar.date(from: components) else { return nil }
        // Reject dates that rolled over (2023-02-30 → March).
        let check = calendar.dateComponents([.year, .month, .day], from: date)
        guard check.year == components.year, check.month == month, check.day == day else { return nil }
        if let fraction = group(7), let value = Double("0." + fraction) {
            return date.addingTimeInterval(value)
        }
        return date
    }
}
