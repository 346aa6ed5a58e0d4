import AccountClient
import ArgumentParser
import BatonEnvironment
import Foundation

/// `baton notifications server on|off|status`: whether this machine's Baton is its freedesktop notification
/// server (`org.freedesktop.Notifications` on the session bus), so `notify-send` and every libnotify program
/// post into Baton.
struct NotificationsServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "server",
        abstract: "Be the machine's freedesktop notification server (notify-send and libnotify post into Baton).",
        discussion: """
            on: serve org.freedesktop.Notifications on the session bus (DBUS_SESSION_BUS_ADDRESS) while the daemon \
            runs; a desktop's own server keeps the name (Baton waits for it to leave) unless --replace. --bus: no \
            session bus here (SSH, a container): start a private one and print its DBUS_SESSION_BUS_ADDRESS line \
            (eval "$(baton notifications server on --bus)"; put it in the shell's profile). off: stop serving (a \
            replaced server gets the name back; a private bus stops). Each program is allowed from its first \
            notification and titled with its name (turn one off: baton notifications settings --app \
            org.freedesktop.NAME --deny); expire_timeout (-t), critical urgency and stack tags \
            (x-dunst-stack-tag, x-canonical-private-synchronous) behave as with dunst. Exit codes: 0 done; 1 \
            failed; 64 usage.
            """)

    @Argument(help: ArgumentHelp("on, off or status.", valueName: "on|off|status")) var state: String = "status"
    @Flag(help: "Take the name from a running server (it gets it back on off).") var replace = false
    @Flag(help: "Start a private session bus and print its DBUS_SESSION_BUS_ADDRESS line.") var bus = false
    @Option(help: "The device notifications are delivered to (default: BATON_DEVICE, else host:tty).")
    var device: String?
    @Flag(help: "Print JSON (status).") var json = false

    func validate() throws {
        guard ["on", "off", "status"].contains(state) else {
            throw ValidationError("expected on, off or status, not \(BoundedQuote.quote(state))")
        }
        if state != "on", replace || bus || device != nil {
            throw ValidationError("--replace, --bus and --device go with on")
        }
    }

    func run() async throws {
        let paths = BatonPaths()
        switch state {
        case "on": try await on(paths: paths)
        case "off": try await off(paths: paths)
        default: try status(paths: paths)
        }
    }

    private func on(paths: BatonPaths) async throws {
        let environment = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] ?? ""
        let address = bus ? try await PrivateSessionBus.start(paths: paths) : environment
        guard !address.isEmpty else {
            NotificationCLI.fail(
                "no session bus (DBUS_SESSION_BUS_ADDRESS is not set): `baton notifications server on --bus` "
                    + "starts a private one", code: NotificationCLI.ExitCode.failed)
        }
        // The new setting first: a server the daemon's supervision starts from here on uses it.
        try? FileManager.default.removeItem(at: Self.stateFile(paths))
        let setting = NotificationServerSetting(
            enabled: true, replace: replace, busAddress: address, privateBus: bus,
            device: DeviceName.resolve(option: device))
        try setting.save(paths: paths)
        try await PidLock.terminateHolderAndWait(of: NotificationServerLauncher.lockFile(paths))
        if (try? await DaemonStatus.ping(paths: paths, timeout: .seconds(2))) == nil {
            _ = try await DaemonLauncher.startOnDemand(paths: paths)  // Its start starts the server.
        }
        if let problem = NotificationServerLauncher.start(paths: paths), problem != "already running" {
            NotificationCLI.fail(
                "cannot start the notification server: \(problem)", code: NotificationCLI.ExitCode.failed)
        }
        var owner = ""
        for _ in 0..<1_000 where owner.isEmpty {  // Up to 20 s: a hang guard.
            owner =
                (try? String(contentsOf: Self.stateFile(paths), encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            if owner.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
        }
        let what =
            owner == "owner"
            ? "serving org.freedesktop.Notifications"
            : owner == "waiting"
                ? "another notification server owns org.freedesktop.Notifications: Baton takes over when it "
                    + "leaves (--replace takes it now)"
                : "started; see \(paths.logDirectory.appendingPathComponent("notification-server.log").path)"
        CommandLineRunner.printError("baton: notification server on (\(what)) for \(setting.device)")
        if bus { print(EnvCommand.line(address)) }
    }

    private func off(paths: BatonPaths) async throws {
        guard var setting = NotificationServerSetting.load(paths: paths) else {
            return print("notification server off")
        }
        setting.enabled = false
        try setting.save(paths: paths)
        try await PidLock.terminateHolderAndWait(of: NotificationServerLauncher.lockFile(paths))
        if setting.privateBus { PrivateSessionBus.stop(paths: paths) }
        print("notification server off")
    }

    private func status(paths: BatonPaths) throws {
        let setting = NotificationServerSetting.load(paths: paths)
        let pid = NotificationServerLauncher.runningPID(paths: paths)
        let owner =
            pid == nil
            ? nil
            : (try? String(contentsOf: Self.stateFile(paths), encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
        if json {
            return try JSONOutput.print(
                Report(
                    enabled: setting?.enabled ?? false, running: pid != nil, pid: pid.map(Int.init), name: owner,
                    bus: setting?.busAddress, privateBus: setting?.privateBus ?? false, device: setting?.device))
        }
        guard let setting, setting.enabled else { return print("notification server off") }
        let running = pid.map { "running (pid \($0), \(owner == "owner" ? "owns the name" : "waiting for the name"))" }
        print(
            "notification server on: \(running ?? "not running (it starts with the daemon)"), bus "
                + "\(setting.busAddress ?? "?")\(setting.privateBus ? " (private)" : ""), device \(setting.device)")
    }

    static func stateFile(_ paths: BatonPaths) -> URL {
        paths.runtimeDirectory.appendingPathComponent("notification-server.state")
    }

    /// `status --json`.
    struct Report: Encodable {
        var enabled: Bool
        var running: Bool
        var pid: Int?
        /// owner, waiting, or nil when not running.
        var name: String?
        var bus: String?
        var privateBus: Bool
        var device: String?
    }
}
