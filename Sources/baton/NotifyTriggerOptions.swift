import ArgumentParser
import BatonEnvironment
import Foundation
import Notifications

/// `baton notify`'s trigger: at most one of `--in`, `--at`, `--calendar`, `--near` (none: delivered now).
struct NotifyTriggerOptions: ParsableArguments {
    @Option(
        name: .customLong("in"), help: ArgumentHelp("Fire after a time: 90, 2s, 10m, 1h30m.", valueName: "duration"))
    var delay: String?
    @Option(
        help: ArgumentHelp(
            "Fire at an ISO 8601 date (local time unless it has a zone), or 17:30, 5pm, 5:30pm (the next one), \"tomorrow 10am\", \"today 18:00\" (refused once past), \"mon 9:00\" (in your zone: TZ, else the system's).",
            valueName: "date"))
    var at: String?
    @Option(
        help: ArgumentHelp(
            "Fire when the date matches: \"weekday=2 hour=9 minute=0\" (keys year month day hour minute second weekday; weekday 1 = Sunday).",
            valueName: "components"))
    var calendar: String?
    @Option(
        name: .customLong("time-zone"),
        help: ArgumentHelp("Read --calendar in this zone (default: yours, TZ else the system's).", valueName: "zone"))
    var timeZone: String?
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Fire on entering (or with --on-exit, leaving) a circle around LAT,LON (-33.87,151.21 as it is).",
            valueName: "lat,lon"))
    var near: String?
    @Option(help: ArgumentHelp("The circle's radius in metres (with --near).", valueName: "metres"))
    var radius: Double?
    @Flag(name: .customLong("on-exit"), help: "With --near: fire on leaving the region instead of entering it.")
    var onExit = false
    @Flag(help: "Fire again (intervals of 60 s or more; calendar and location triggers).")
    var repeats = false

    func validate() throws {
        let given = [delay != nil, at != nil, calendar != nil, near != nil].filter { $0 }.count
        guard given <= 1 else { throw ValidationError("give exactly one of --in, --at, --calendar or --near") }
        if given == 0, repeats { throw ValidationError("--repeats needs --in, --calendar or --near") }
        if timeZone != nil, calendar == nil { throw ValidationError("--time-zone goes with --calendar") }
        if near != nil, radius == nil { throw ValidationError("--near needs --radius METRES") }
        if radius != nil, near == nil { throw ValidationError("--radius goes with --near") }
        if onExit, near == nil { throw ValidationError("--on-exit goes with --near") }
        if at != nil, repeats { throw ValidationError("--at names one date; use --calendar to repeat") }
    }

    /// The trigger as given, or a one-line reason it cannot be read (its values are checked with the whole
    /// request by `NotificationRequest.validate`).
    /// The trigger; nil (none given): delivered now.
    func trigger(now: Date = Date()) throws(NotifyInputError) -> NotificationTrigger? {
        if let delay {
            guard let seconds = Self.seconds(delay) else {
                throw NotifyInputError(
                    "cannot read --in \(BoundedQuote.quote(delay)) as a duration (e.g. 90, 2s, 10m, 1h30m)")
            }
            return .timeInterval(seconds: seconds, repeats: repeats)
        }
        if let at {
            // A wall time (no zone): read in the caller's zone by the resolver --calendar uses.
            if let match = try HumanTime.match(at, after: now) { return .calendar(match, repeats: false) }
            guard let date = ISO8601Time.parse(at) else {
                throw NotifyInputError(
                    "cannot read --at \(BoundedQuote.quote(at)) as a time (17:30, 5pm, 5:30pm, \"tomorrow 10am\", \"mon 9:00\") or an ISO 8601 date (e.g. 2026-12-30T09:00)"
                )
            }
            var utc = Calendar(identifier: .gregorian)
            utc.timeZone = TimeZone(identifier: "UTC") ?? .current
            let parts = utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            return .calendar(
                CalendarMatch(
                    year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute,
                    second: parts.second, timeZone: "UTC"), repeats: false)
        }
        if let calendar { return .calendar(try Self.match(calendar, timeZone: timeZone), repeats: repeats) }
        if let near, let radius {
            let parts = near.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2, let latitude = parts[0], let longitude = parts[1] else {
                throw NotifyInputError("--near \(BoundedQuote.quote(near)) is not LAT,LON (e.g. 52.23,21.01)")
            }
            return .location(
                Region(
                    identifier: near, latitude: latitude, longitude: longitude, radius: radius, notifyOnEntry: !onExit,
                    notifyOnExit: onExit), repeats: repeats)
        }
        return nil
    }

    /// Seconds in "90", "2s", "10m", "1h30m", "1.5h".
    static func seconds(_ text: String) -> Double? {
        if let plain = Double(text) { return plain }
        var total = 0.0
        var number = ""
        var sawUnit = false
        for character in text {
            if character.isNumber || character == "." {
                number.append(character)
                continue
            }
            let unit: Double
            switch character {
            case "s": unit = 1
            case "m": unit = 60
            case "h": unit = 3600
            case "d": unit = 86_400
            default: return nil
            }
            guard let value = Double(number) else { return nil }
            total += value * unit
            number = ""
            sawUnit = true
        }
        return number.isEmpty && sawUnit ? total : nil
    }

    /// "weekday=2 hour=9 minute=0" as a match.
    static func match(_ text: String, timeZone: String?) throws(NotifyInputError) -> CalendarMatch {
        var match = CalendarMatch()
        if let timeZone {
            guard TimeZone(identifier: timeZone) != nil else {
                throw NotifyInputError("unknown time zone \(BoundedQuote.quote(timeZone)) (e.g. Europe/Warsaw)")
            }
            match.timeZone = timeZone
        }
        let pairs = text.split(whereSeparator: { $0 == " " || $0 == "," })
        guard !pairs.isEmpty else { throw NotifyInputError("--calendar needs components, e.g. \"hour=9 minute=0\"") }
        for pair in pairs {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let value = Int(parts[1]) else {
                throw NotifyInputError("--calendar: \(BoundedQuote.quote(pair)) is not KEY=NUMBER")
            }
            let ranges: [String: ClosedRange<Int>] = [
                "year": 1...9999, "month": 1...12, "day": 1...31, "hour": 0...23, "minute": 0...59, "second": 0...59,
                "weekday": 1...7,
            ]
            let key = String(parts[0])
            guard let range = ranges[key] else {
                throw NotifyInputError(
                    "--calendar: unknown component \(BoundedQuote.quote(key)) (year month day hour minute second weekday)"
                )
            }
            guard range.contains(value) else {
                throw NotifyInputError(
                    "--calendar: \(key)=\(value) is out of range (\(range.lowerBound)…\(range.upperBound))")
            }
            switch key {
            case "year": match.year = value
            case "month": match.month = value
            case "day": match.day = value
            case "hour": match.hour = value
            case "minute": match.minute = value
            case "second": match.second = value
            default: match.weekday = value
            }
        }
        return match
    }
}

/// Bad `baton notify` input, in one line.
struct NotifyInputError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
