import ArgumentParser
import BatonEnvironment
import Foundation
import Logging
import SuiteShell
import TerminalUI

/// `baton` with no subcommand: the suite TUI.
struct SuiteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suite",
        abstract: "Open the suite (the default): MonkeyBrowser, Stores and Today."
    )

    @OptionGroup var options: DeviceOptions

    func run() throws {
        CleanSignals.unblockOnThisThread()
        let clock = try options.clock()
        let device = options.deviceName
        let paths = BatonPaths()
        do { try paths.prepare() } catch {
            throw CommandFailure("cannot prepare \(paths.stateDirectory.path): \(error)")
        }
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
        let keyValueStore = services.keyValueStore
        shell.keyValueReceiver = { _ = keyValueStore.handle($0) }
        services.start()
        let loop = EventLoop(terminal: terminal, port: port, clock: deadlines)
        loop.run(shell)
        signals.stop()
        logger.info("suite stopped")
    }
}
