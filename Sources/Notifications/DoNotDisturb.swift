import BatonEnvironment
import Foundation

/// Do Not Disturb on one device: on by hand (until a time, or until turned off) and/or on a daily
/// schedule (22:00–07:00, across midnight). While on, banners and bells are held (the list still
/// fills); time-sensitive and critical notifications break through. Kept in the device's state directory.
public struct DoNotDisturb: Codable, Hashable, Sendable {
    /// On by hand; `until` nil means until turned off.
    public var manual: Bool
    public var until: Date?
    public var schedule: DailySchedule?

    public init(manual: Bool = false, until: Date? = nil, schedule: DailySchedule? = nil) {
        self.manual = manual
        self.until = until
        self.schedule = schedule
    }

    /// Whether it holds banners and bells at `date` (the schedule read in `calendar`'s time zone).
    public func isOn(at date: Date, calendar: Calendar = .current) -> Bool {
        if manual, until.map({ date < $0 }) ?? true { return true }
        return schedule?.contains(date, calendar: calendar) ?? false
    }

    /// "until 07:00", "until turned off", "by schedule 22:00–07:00"; nil when off.
    public func describe(at date: Date, calendar: Calendar = .current) -> String? {
        guard isOn(at: date, calendar: calendar) else { return nil }
        if manual, until.map({ date < $0 }) ?? true {
            guard let until else { return "until turned off" }
            let formatter = DateFormatter()
            formatter.calendar = calendar
            formatter.timeZone = calendar.timeZone
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = calendar.isDate(until, inSameDayAs: date) ? "HH:mm" : "yyyy-MM-dd HH:mm"
            return "until \(formatter.string(from: until))"
        }
        return schedule.map { "by schedule \($0)" }
    }

    // MARK: Storage

    /// `<state dir>/do-not-disturb.json`: Do Not Disturb for the whole account (`baton dnd … --account`).
    public static func accountFile(paths: BatonPaths) -> URL {
        paths.stateDirectory.appendingPathComponent("do-not-disturb.json")
    }

    /// `<device dir>/do-not-disturb.json`.
    public static func file(paths: BatonPaths, device: String) -> URL {
        paths.deviceDirectory(device).appendingPathComponent("do-not-disturb.json")
    }

    /// The saved state (off when nothing was saved); a damaged file is an error.
    public static func load(from file: URL) throws -> DoNotDisturb {
        guard FileManager.default.fileExists(atPath: file.path) else { return DoNotDisturb() }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(DoNotDisturb.self, from: PrivateFile.read(file))
    }

    public func save(to file: URL) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        try PrivateFile.write(try encoder.encode(self), to: file)
    }
}

/// A daily time range, "22:00-07:00" (crossing midnight when the end is earlier than the start).
public struct DailySchedule: Codable, Hashable, Sendable, CustomStringConvertible {
    /// Minutes after midnight.
    public var start: Int
    public var end: Int

    /// Reads "HH:MM-HH:MM"; nil when it is not one (or start equals end).
    public init?(parsing text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let start = Self.minutes(parts[0]), let end = Self.minutes(parts[1]), start != end
        else { return nil }
        self.start = start
        self.end = end
    }

    /// Minutes after midnight of "HH:MM"; nil when it is not a time of day.
    public static func minutes(_ text: Substring) -> Int? {
        let pieces = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard pieces.count == 2, pieces[0].count <= 2, pieces[1].count == 2, let hour = Int(pieces[0]),
            let minute = Int(pieces[1]), (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        return hour * 60 + minute
    }

    public func contains(_ date: Date, calendar: Calendar) -> Bool {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let now = (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
        return start < end ? (start <= now && now < end) : (now >= start || now < end)
    }

    public var description: String {
        String(format: "%02d:%02d–%02d:%02d", start / 60, start % 60, end / 60, end % 60)
    }
}
