import ArgumentParser
import BatonEnvironment
import Foundation
import Logging
import PageLoading
import SuiteNotifications
import SuiteShell
import TerminalUI
import UserNotifications

/// `baton` with no subcommand: the suite TUI.
struct SuiteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suite",
        abstract: "Open the suite (the default): MonkeyBrowser, Stores, Today and Notifications."
    )

    @OptionGroup var options: DeviceOptions

    @Option(
        name: .customLong("max-size"),
        help: "The largest file MonkeyBrowser saves: 500M, 2G… (default: BATON_MAX_DOWNLOAD, else 2G).")
    var maxSize: String?

    func validate() throws {
        if let maxSize, DownloadSize.parse(maxSize) == nil {
            throw ValidationError("--max-size: '\(maxSize)' is not a size (such as 500M or 2G)")
        }
    }

    func run() throws {
        CleanSignals.unblockOnThisThread()
        if let maxSize { setenv(DownloadSize.variable, maxSize, 1) }
        let clock = try options.clock()
        let device = options.deviceName
        setenv("BATON_DEVICE", device, 1)  // the suite's helpers (Up Next widget) act as this device
        let paths = BatonPaths()
        do { try paths.prepare() } catch {
            throw CommandFailure(
                "cannot prepare \(paths.stateDirectory.path): \(error)", code: BatonExitCode.unsafeState)
        }
        // What an older baton left readable by others is the user's alone again (files 0600, folders 0700).
        PrivateFile.tighten(under: paths.stateDirectory)
        FileLogHandler.bootstrap(file: paths.logDirectory.appendingPathComponent("suite.log"))
        let logger = Logger(label: "baton.suite")
        logger.info("suite starting", metadata: ["device": "\(device)"])

        let terminal: NcursesTerminal
        do { terminal = try NcursesTerminal() } catch { throw CommandFailure("\(error)") }
        defer { terminal.shutdown() }
        let port = try MessagePort()
        let signals = SignalForwarder(port: port)
        let info = ShellInfo(
            version: BatonVersion.current, device: device, paths: paths,
            resources: ResourceLocator.resourcesDirectory()?.path, clockIsFixed: clock.isFixed,
            colorMode: "\(terminal.colorSupport)")
        let services = SuiteServices(device: device, paths: paths, port: port)
        defer { services.stop() }
        let apps = SuiteApps.make(device: device, paths: paths, clock: clock, services: services)
        let deadlines = SystemDeadlineClock(wall: clock)
        let shell = Shell(
            info: info, apps: apps, port: port, now: { clock.now() }, timeZone: { deadlines.timeZone() })
        shell.dockSource = services.dock
        shell.placeFile = ShellPlace.file(paths: paths, device: device)
        let keyValueStore = services.keyValueStore
        shell.keyValueReceiver = { _ = keyValueStore.handle($0) }
        services.start()
        let notifications = apps.lazy.compactMap { $0 as? NotificationsApp }.first
        var titleSaved = false
        if let notifications {
            attach(notifications, shell: shell, terminal: terminal, titleSaved: { titleSaved = true })
        }
        let loop = EventLoop(terminal: terminal, port: port, clock: deadlines)
        loop.run(shell)
        notifications?.stop()
        if titleSaved { terminal.writeControl(TerminalSignalBytes.restoreTitle) }
        signals.stop()
        logger.info("suite stopped")
    }

    /// Notifications draw over the shell, ring and title the terminal, and ask the frontmost app (issue 16).
    private func attach(
        _ notifications: NotificationsApp, shell: Shell, terminal: NcursesTerminal, titleSaved: @escaping () -> Void
    ) {
        shell.overlay = notifications
        notifications.frontmostBundle = { [weak shell] in
            guard let shell, let index = shell.activeApp else { return nil }
            return (shell.apps[index] as? any NotificationDelegate)?.notificationBundleIdentifier
        }
        var saved = false
        let environment = ProcessInfo.processInfo.environment
        let desktop = DesktopNotificationProtocol.choose(environment: environment)
        let insideTmux = environment["TMUX"] != nil
        notifications.signal = { signal in
            if case .title = signal, !saved {
                saved = true
                titleSaved()
                terminal.writeControl(TerminalSignalBytes.saveTitle)
            }
            let bytes = TerminalSignalBytes.bytes(for: signal, desktop: desktop, insideTmux: insideTmux)
            if !bytes.isEmpty { terminal.writeControl(bytes) }
        }
        notifications.start()
    }
}
