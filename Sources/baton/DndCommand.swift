import ArgumentParser
import BatonEnvironment
import Foundation
import Notifications
import SuiteNotifications

/// `baton dnd on [--until TIME | --for DURATION] | off | status [--json] | schedule HH:MM-HH:MM|off`:
/// Do Not Disturb of this device; a running suite picks the change up at once.
struct DndCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dnd", abstract: "Turn Do Not Disturb on or off, show it, or set its daily schedule.",
        subcommands: [DndOnCommand.self, DndOffCommand.self, DndStatusCommand.self, DndScheduleCommand.self])

    /// The device's saved state, with a clear error for a damaged file.
    static func load(_ options: DeviceOptions, _ scope: DndScope) throws -> (DoNotDisturb, URL) {
        let file = scope.file(options)
        do { return (try DoNotDisturb.load(from: file), file) } catch {
            throw CommandFailure("cannot read \(file.path): \(error)")
        }
    }

    static func save(_ state: DoNotDisturb, to file: URL) throws {
        do { try state.save(to: file) } catch { throw CommandFailure("cannot save \(file.path): \(error)") }
    }

    /// One line: the state of `device` (or the account), and for a device whose own switch is off while the
    /// account's is on, that it is on for the whole account (the suite shows the moon then too).
    static func report(_ state: DoNotDisturb, account: DoNotDisturb? = nil, device: String, now: Date) -> String {
        let schedule = state.schedule.map { "; schedule \($0)" } ?? ""
        if let own = state.describe(at: now) { return "Do Not Disturb on \(device): on (\(own))\(schedule)" }
        if let account, let shared = account.describe(at: now) {
            return "Do Not Disturb on \(device): on for the whole account (\(shared); baton dnd off --account "
                + "ends it)\(schedule)"
        }
        return "Do Not Disturb on \(device): off\(schedule)"
    }

    /// The account's state beside a device's (nil for `--account` itself); an unreadable account file counts
    /// as off.
    static func accountState(_ scope: DndScope) -> DoNotDisturb? {
        scope.account ? nil : try? DoNotDisturb.load(from: DoNotDisturb.accountFile(paths: BatonPaths()))
    }
}

/// `baton dnd on [--until TIME | --for DURATION]`.
struct DndOnCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "on", abstract: "Turn Do Not Disturb on (until turned off, a time, or for a while).")

    @Option(help: ArgumentHelp("Until this time: HH:MM (the next one) or ISO 8601.", valueName: "TIME"))
    var until: String?
    @Option(name: .customLong("for"), help: ArgumentHelp("For this long: 30m, 2h, 1h30m.", valueName: "DURATION"))
    var duration: String?
    @OptionGroup var options: DeviceOptions
    @OptionGroup var scope: DndScope

    func validate() throws {
        if until != nil && duration != nil { throw ValidationError("--until and --for exclude each other") }
        if let duration, (NotifyTriggerOptions.seconds(duration) ?? 0) <= 0 {
            throw ValidationError("--for '\(duration)' is not a positive duration (e.g. 30m, 2h)")
        }
        if let until, DndOnCommand.date(until, after: Date()) == nil {
            throw ValidationError("--until '\(until)' is not HH:MM or an ISO 8601 date")
        }
    }

    /// "07:00" as the next such time after `now`, or an ISO 8601 date.
    static func date(_ text: String, after now: Date) -> Date? {
        if let minutes = DailySchedule.minutes(Substring(text)) {
            let parts = DateComponents(hour: minutes / 60, minute: minutes % 60)
            return Calendar.current.nextDate(after: now, matching: parts, matchingPolicy: .nextTime)
        }
        return ISO8601DateFormatter().date(from: text)
    }

    func run() throws {
        let now = try options.clock().now()
        var (state, file) = try DndCommand.load(options, scope)
        state.manual = true
        state.until = nil
        if let duration, let seconds = NotifyTriggerOptions.seconds(duration) {
            state.until = now.addingTimeInterval(seconds)
        } else if let until {
            guard let date = DndOnCommand.date(until, after: now), date > now else {
                throw CommandFailure("--until '\(until)' is not in the future")
            }
            state.until = date
        }
        try DndCommand.save(state, to: file)
        print(
            DndCommand.report(
                state, account: DndCommand.accountState(scope), device: scope.name(options), now: now))
    }
}

/// `baton dnd off`: ends the manual Do Not Disturb (a schedule stays).
struct DndOffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "off", abstract: "Turn Do Not Disturb off (its schedule, if any, stays).")
    @OptionGroup var options: DeviceOptions
    @OptionGroup var scope: DndScope

    func run() throws {
        let now = try options.clock().now()
        var (state, file) = try DndCommand.load(options, scope)
        state.manual = false
        state.until = nil
        try DndCommand.save(state, to: file)
        print(
            DndCommand.report(
                state, account: DndCommand.accountState(scope), device: scope.name(options), now: now))
    }
}

/// `baton dnd status [--json]`.
struct DndStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "Show Do Not Disturb.")
    @OptionGroup var options: DeviceOptions
    @OptionGroup var scope: DndScope
    @Flag(help: "Print JSON.") var json = false

    /// What `--json` prints.
    struct Status: Encodable {
        var device: String
        /// Whether Do Not Disturb is on for what `scope` names (a device's counts the account's).
        var on: Bool
        var manual: Bool
        var until: Date?
        var schedule: String?
        /// "device", or "account" with `--account`: whose switch `manual`, `until` and `schedule` are (a Bool
        /// named `account` beside `accountOn` read as a contradiction: `"account": false, "accountOn": true`).
        var scope: String
        /// For a device: whether the account's Do Not Disturb is on (`on` counts it too).
        var accountOn: Bool?
    }

    func run() throws {
        let now = try options.clock().now()
        let (state, _) = try DndCommand.load(options, scope)
        let account = DndCommand.accountState(scope)
        if json {
            let accountOn = account?.isOn(at: now) ?? false
            try JSONOutput.print(
                Status(
                    device: options.deviceName, on: state.isOn(at: now) || accountOn, manual: state.manual,
                    until: state.until, schedule: state.schedule?.description,
                    scope: scope.account ? "account" : "device",
                    accountOn: scope.account ? nil : accountOn))
        } else {
            print(DndCommand.report(state, account: account, device: scope.name(options), now: now))
        }
    }
}

/// `baton dnd schedule 22:00-07:00 | off`.
struct DndScheduleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule", abstract: "Set the daily Do Not Disturb schedule (22:00-07:00), or off.")
    @Argument(help: ArgumentHelp("HH:MM-HH:MM, or off.", valueName: "RANGE")) var range: String
    @OptionGroup var options: DeviceOptions
    @OptionGroup var scope: DndScope

    func validate() throws {
        if range != "off", DailySchedule(parsing: range) == nil {
            throw ValidationError("'\(range)' is not a daily range HH:MM-HH:MM (e.g. 22:00-07:00) or off")
        }
    }

    func run() throws {
        let now = try options.clock().now()
        var (state, file) = try DndCommand.load(options, scope)
        state.schedule = range == "off" ? nil : DailySchedule(parsing: range)
        try DndCommand.save(state, to: file)
        print(
            DndCommand.report(
                state, account: DndCommand.accountState(scope), device: scope.name(options), now: now))
    }
}
