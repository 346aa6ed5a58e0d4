import ArgumentParser
import BatonEnvironment
import Foundation
import Notifications

/// `baton notifications [pending|delivered] | remove ID… | clear | settings`, and `--follow`.
struct NotificationsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notifications",
        abstract: "List, remove and follow notifications; change an app's notification settings.",
        discussion: "Exit codes: 0 done; 1 the daemon failed; 64 usage; 67 unknown app or device.",
        subcommands: [
            NotificationsListCommand.self, NotificationsRemoveCommand.self, NotificationsClearCommand.self,
            NotificationsSettingsCommand.self, NotificationsDesktopCommand.self, NotificationsCountCommand.self,
            NotificationsCategoriesCommand.self, NotificationsServerCommand.self, NotificationsTokensCommand.self,
        ],
        defaultSubcommand: NotificationsListCommand.self)
}

/// Which app and device a notifications subcommand is about.
struct NotificationScope: ParsableArguments {
    @Option(help: ArgumentHelp("Only this app (bundle identifier).", valueName: "bundle")) var app: String?
    @Option(help: ArgumentHelp("Only this device (default: every device).", valueName: "name")) var device: String?

    func filter(identifiers: [String]? = nil) -> NotificationFilter {
        NotificationFilter(bundleIdentifier: app, device: device, identifiers: identifiers)
    }
}

/// `baton notifications [pending|delivered] [--follow]`.
struct NotificationsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List pending (default) or delivered notifications, or --follow them as they happen.")

    @Argument(help: ArgumentHelp("pending or delivered.", valueName: "pending|delivered"))
    var which: String = "pending"
    @OptionGroup var scope: NotificationScope
    @Flag(help: "Print every delivery, response and removal as it happens (one JSON object per line with --json).")
    var follow = false
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        guard which == "pending" || which == "delivered" else {
            throw ValidationError("expected pending or delivered, not \(BoundedQuote.quote(which))")
        }
    }

    func run() async throws {
        if follow { return await NotificationFollow.run(filter: scope.filter(), json: json) }
        let answer = await NotificationCLI.request(
            which == "pending" ? .pendingQuery(scope.filter()) : .deliveredQuery(scope.filter()))
        switch answer {
        case .pendingList(let list):
            if json { return try JSONOutput.print(list) }
            if list.isEmpty { return print("no pending notifications") }
            for item in list {
                print(
                    "\(NotificationCLI.text(item.nextFireDate))  \(NotificationCLI.row(item.owner, item.request))")
            }
        case .deliveredList(let list):
            if json { return try JSONOutput.print(list) }
            if list.isEmpty { return print("no delivered notifications") }
            for item in list {
                let late = item.lateBy.map { String(format: "  (late by %.1f s)", $0) } ?? ""
                print("\(NotificationCLI.text(item.date))  \(NotificationCLI.row(item.owner, item.request))\(late)")
            }
        default: NotificationCLI.fail("unexpected reply '\(answer.kind)'", code: NotificationCLI.ExitCode.failed)
        }
    }
}

/// `baton notifications remove ID…`.
struct NotificationsRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove pending and delivered notifications by identifier.")

    @Argument(help: "Identifiers.") var identifiers: [String]
    @OptionGroup var scope: NotificationScope
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        if identifiers.isEmpty { throw ValidationError("name at least one identifier") }
    }

    func run() async throws {
        try await NotificationsClearCommand.remove(scope.filter(identifiers: identifiers), json: json)
    }
}

/// `baton notifications clear [--app A]`.
struct NotificationsClearCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear", abstract: "Remove every pending and delivered notification (of one app with --app).")

    @OptionGroup var scope: NotificationScope
    @Flag(help: "Print JSON.") var json = false

    func run() async throws { try await Self.remove(scope.filter(), json: json) }

    /// Removes what `filter` names, pending and delivered, and prints how many.
    static func remove(_ filter: NotificationFilter, json: Bool) async throws {
        guard case .removed(let pending) = await NotificationCLI.request(.removePending(filter)),
            case .removed(let delivered) = await NotificationCLI.request(.removeDelivered(filter))
        else { NotificationCLI.fail("unexpected reply", code: NotificationCLI.ExitCode.failed) }
        if json { return try JSONOutput.print(["pending": pending, "delivered": delivered]) }
        print("removed \(pending) pending and \(delivered) delivered")
    }
}

/// `baton notifications settings [--app A] [--allow|--deny] [--sound on|off] [--badges on|off] [--quiet on|off]
/// [--other-machines on|off] …`; with no app
/// and no change, every app of the device (freedesktop programs with their names).
struct NotificationsSettingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show or change an app's notification settings on a device (with no --app: list every app's).")

    @Option(
        help: ArgumentHelp(
            "The app (bundle identifier; a change without it is baton's own).", valueName: "bundle"))
    var app: String?
    @Flag(help: "Allow notifications (alerts, sounds, badges).") var allow = false
    @Flag(help: "Deny notifications.") var deny = false
    @Option(help: ArgumentHelp("Sounds on or off.", valueName: "on|off")) var sound: String?
    @Option(help: ArgumentHelp("Badges on or off.", valueName: "on|off")) var badges: String?
    @Option(help: ArgumentHelp("Alerts on or off.", valueName: "on|off")) var alerts: String?
    @Option(help: ArgumentHelp("Previews on or off.", valueName: "on|off")) var previews: String?
    @Option(help: ArgumentHelp("Deliver quietly (the list only, no banner or sound) on or off.", valueName: "on|off"))
    var quiet: String?
    @Option(
        help: ArgumentHelp(
            "A program's notifications also on the account's other machines (off: kept on this one).",
            valueName: "on|off"))
    var otherMachines: String?
    @OptionGroup var options: DeviceOptions
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        if allow && deny { throw ValidationError("--allow and --deny exclude each other") }
        for (name, value) in [
            ("sound", sound), ("badges", badges), ("alerts", alerts), ("previews", previews), ("quiet", quiet),
            ("other-machines", otherMachines),
        ] {
            if let value, value != "on", value != "off" { throw ValidationError("--\(name) takes on or off") }
        }
    }

    func run() async throws {
        let owner = NotificationOwner(bundleIdentifier: app ?? NotificationCLI.cliBundle, device: options.deviceName)
        func flag(_ value: String?) -> Bool? { value.map { $0 == "on" } }
        let change = SettingsChange(
            owner: owner, allow: allow ? true : deny ? false : nil, sounds: flag(sound), badges: flag(badges),
            alerts: flag(alerts), previews: flag(previews), quiet: flag(quiet), otherMachines: flag(otherMachines),
            requester: DeviceName.resolve(option: nil))
        let unchanged = change == SettingsChange(owner: owner, requester: change.requester)
        if unchanged, app == nil { return try await list() }
        let answer = await NotificationCLI.request(unchanged ? .getSettings(owner) : .changeSettings(change))
        guard case .settings(let settings) = answer else {
            NotificationCLI.fail("unexpected reply '\(answer.kind)'", code: NotificationCLI.ExitCode.failed)
        }
        if json { return try JSONOutput.print(settings) }
        print("\(BoundedQuote.escaped(owner.bundleIdentifier)) on \(options.deviceName): \(Self.describe(settings))")
    }

    /// Every app of the device, one line each (`--json`: the entries).
    private func list() async throws {
        let answer = await NotificationCLI.request(.appsQuery(NotificationFilter(device: options.deviceName)))
        guard case .appsList(let entries) = answer else {
            NotificationCLI.fail("unexpected reply '\(answer.kind)'", code: NotificationCLI.ExitCode.failed)
        }
        if json { return try JSONOutput.print(entries) }
        for entry in entries {
            let name = entry.name.map { " (\(BoundedQuote.escaped($0, limit: 64)))" } ?? ""
            print(
                "\(BoundedQuote.escaped(entry.owner.bundleIdentifier))\(name) on \(options.deviceName): "
                    + Self.describe(entry.settings))
        }
    }

    /// "authorized; alerts on, sounds on, badges on, previews on".
    static func describe(_ settings: NotificationSettings) -> String {
        func onOff(_ value: Bool) -> String { value ? "on" : "off" }
        return "\(settings.authorizationStatus.rawValue); alerts \(onOff(settings.alertsEnabled)), sounds "
            + "\(onOff(settings.soundsEnabled)), badges \(onOff(settings.badgesEnabled)), previews "
            + onOff(settings.showPreviews) + (settings.keepFromOtherMachines ? "; kept from other machines" : "")
    }
}
