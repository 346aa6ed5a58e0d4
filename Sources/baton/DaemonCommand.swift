import AccountClient
import AccountService
import ArgumentParser
import BatonEnvironment
import Foundation
import NIOCore
import Wire

/// `baton daemon start|stop|status|enable|disable`: the per-user account daemon.
struct DaemonCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daemon",
        abstract: "Start, stop or inspect the account daemon (it also starts on demand).",
        subcommands: [
            DaemonStartCommand.self, DaemonStopCommand.self, DaemonStatusCommand.self, DaemonEnableCommand.self,
            DaemonDisableCommand.self, DaemonRunCommand.self, DaemonUnitsCommand.self,
        ]
    )
}

/// `baton daemon start`: starts the daemon in the background unless one runs.
struct DaemonStartCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start", abstract: "Start the daemon in the background.")

    func run() async throws {
        let paths = BatonPaths()
        if let pong = try? await DaemonStatus.ping(paths: paths) {
            print("baton daemon is already running (pid \(pong.daemonPID))")
            return
        }
        do {
            let pong = try await DaemonLauncher.start(paths: paths)
            print("baton daemon started (pid \(pong.daemonPID))")
        } catch {
            let failure = CommandFailure(describing: error)
            CommandLineRunner.printError("baton: \(failure.message)")
            throw ExitCode(failure.code)
        }
    }
}

/// `baton daemon stop`: asks the daemon to stop and waits until it has.
struct DaemonStopCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "stop", abstract: "Stop the daemon.")

    func run() async throws {
        let paths = BatonPaths()
        let pong: Pong
        do {
            pong = try await DaemonStatus.ping(paths: paths)
        } catch .refused(let message) {
            CommandLineRunner.printError("baton: \(message)")
            throw ExitCode(1)
        } catch .foreign(let message) {
            CommandLineRunner.printError("baton: \(message)")
            throw ExitCode(BatonExitCode.unsafeState)
        } catch .busy(let message) {
            CommandLineRunner.printError("baton: \(message)")
            throw ExitCode(BatonExitCode.daemonNotAnswering)
        } catch {
            print("baton daemon is not running")
            return
        }
        try? await DaemonQuery.send(paths: paths, .shutdown(Shutdown()))
        for _ in 0..<100 {
            if ProcessState.hasExited(pong.daemonPID) {
                print("baton daemon stopped (pid \(pong.daemonPID))")
                if pong.connectedDevices > 0 {
                    print(
                        "\(pong.connectedDevices) suite(s) still open will start it again on their own; "
                            + "quit them (F10) to keep it stopped")
                }
                return
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        kill(pong.daemonPID, SIGTERM)
        print("baton daemon did not stop in time; sent SIGTERM to pid \(pong.daemonPID)")
    }
}

/// `baton daemon status [--json]`: whether the daemon runs, its pid and connected devices; tells a daemon
/// that runs but does not answer (at its descriptor limit, say) from one that does not run.
struct DaemonStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show whether the daemon runs.",
        discussion: "Exit status: 0 running, 3 not running, 4 running but not answering, 1 other errors.")

    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        let paths = BatonPaths()
        let pong: Pong
        do {
            pong = try await DaemonStatus.ping(paths: paths, timeout: .seconds(2))
        } catch {
            try report(error, paths: paths)
        }
        let starter = UserManager.inCharge()
        if json {
            var report = DaemonStatusReport(pong: pong, socket: paths.socket.path)
            report.startedBy = starter
            try JSONOutput.print(report)
        } else {
            print(
                "baton daemon running: pid \(pong.daemonPID), since \(pong.startedAt.formatted(.iso8601)), "
                    + "\(pong.connectedDevices) device(s), socket \(paths.socket.path), \(starter.sentence)")
        }
    }

    /// Why no pong came: no daemon, or one that holds the lock but does not answer.
    private func report(_ error: DaemonQueryError, paths: BatonPaths) throws -> Never {
        if case .refused(let message) = error {
            CommandLineRunner.printError("baton: \(message)")
            throw ExitCode(1)
        }
        if case .foreign(let message) = error {
            CommandLineRunner.printError("baton: \(message)")
            throw ExitCode(BatonExitCode.unsafeState)
        }
        guard let pid = AccountDaemon.runningPID(paths: paths) else {
            let starter = UserManager.inCharge()
            if json {
                print(DaemonStatusReport.notRunningJSON(startedBy: starter))
            } else {
                print("baton daemon is not running (no answer at \(paths.socket.path)); it is \(starter.sentence)")
            }
            throw ExitCode(BatonExitCode.daemonNotRunning)
        }
        let log = paths.logDirectory.appendingPathComponent("daemon.log").path
        if json {
            try JSONOutput.print(
                DaemonStatusReport(running: true, accepting: false, daemonPID: pid, reason: error.description))
        } else {
            print(
                "baton daemon is running (pid \(pid)) but not accepting connections: \(error.description); "
                    + "see \(log)")
        }
        throw ExitCode(BatonExitCode.daemonNotAnswering)
    }
}

/// `daemon status --json`.
struct DaemonStatusReport: Encodable {
    var running: Bool
    var accepting: Bool
    var daemonPID: Int32
    var startedAt: Date?
    var connectedDevices: Int?
    var socket: String?
    var reason: String?
    /// Who starts the daemon: systemd's user manager or the first command that needs it.
    var startedBy: DaemonStarter?

    /// What `--json` prints when no daemon answers (`daemon status`, `devices`, `activities` alike).
    static func notRunningJSON(startedBy starter: DaemonStarter = UserManager.inCharge()) -> String {
        #"{"running":false,"startedBy":"\#(starter.rawValue)"}"#
    }

    init(
        running: Bool, accepting: Bool, daemonPID: Int32, startedAt: Date? = nil, connectedDevices: Int? = nil,
        socket: String? = nil, reason: String? = nil
    ) {
        self.running = running
        self.accepting = accepting
        self.daemonPID = daemonPID
        self.startedAt = startedAt
        self.connectedDevices = connectedDevices
        self.socket = socket
        self.reason = reason
    }

    init(pong: Pong, socket: String) {
        self.init(
            running: true, accepting: true, daemonPID: pong.daemonPID, startedAt: pong.startedAt,
            connectedDevices: pong.connectedDevices, socket: socket)
    }
}

/// `baton daemon run`: the daemon itself, in the foreground (what `start` and clients spawn). Why it could
/// not start goes to standard error (which `daemon start` reads); once it serves, standard error is
/// /dev/null and everything goes to the log.
struct DaemonRunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run the daemon in the foreground.", shouldDisplay: false)

    func run() throws {
        CleanSignals.unblockOnThisThread()
        let paths = BatonPaths()
        do {
            try paths.prepare()
        } catch {
            CommandLineRunner.printError("baton daemon: \(error)")
            throw ExitCode(BatonExitCode.unsafeState)
        }
        // Files and folders an older baton left readable by others are the user's alone again (0600, 0700);
        // and the daemon holds no other directory open (the command that started it may be on a mount the
        // user wants to unmount).
        PrivateFile.tighten(under: paths.stateDirectory)
        _ = chdir(paths.stateDirectory.path)
        let outcome: AccountDaemon.Outcome
        do {
            let limits = DaemonLimits.fromEnvironment(ProcessInfo.processInfo.environment)
            outcome = try AccountDaemon.run(
                paths: paths, continueTimeout: limits.continueTimeout, limits: limits,
                ready: {
                    // This machine's link to its account's server, if any, started and restarted for the daemon's life;
                    // the link running now is seen before `daemon start` returns.
                    LinkSupervisor.start(
                        paths: BatonPaths(),
                        clock: SystemDeadlineClock(wall: (try? BatonClock.resolve(option: nil)) ?? .system))
                    StandardError.detach()
                    NotificationServerLauncher.supervise(paths: BatonPaths())  // `baton notifications server on`.
                    APNsServerLauncher.supervise(paths: BatonPaths())  // `baton apns on`.
                    NtfyServerLauncher.supervise(paths: BatonPaths())  // `baton ntfy on`.
                })
        } catch {
            CommandLineRunner.printError("baton daemon: \(error)")
            throw ExitCode(error is StrictModeError ? BatonExitCode.unsafeState : BatonExitCode.failure)
        }
        if case .alreadyRunning(let pid) = outcome {
            CommandLineRunner.printError("baton daemon already running (pid \(pid.map(String.init) ?? "?"))")
        }
    }
}

/// The daemon's standard error once it serves: /dev/null, so whoever reads the other end (`daemon start`)
/// sees it close.
enum StandardError {
    static func detach() {
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        guard null >= 0 else { return }
        dup2(null, STDERR_FILENO)
        close(null)
    }
}

/// Asks the daemon for its status.
enum DaemonStatus {
    static func ping(paths: BatonPaths, timeout: TimeAmount = .seconds(5)) async throws(DaemonQueryError) -> Pong {
        let reply = try await DaemonQuery.request(paths: paths, timeout: timeout) { .ping(Ping(requestID: $0)) }
        guard case .pong(let pong) = reply else { throw .closed }
        return pong
    }
}

/// Whether a process has ended, counting a zombie (exited, not yet reaped by its parent) as ended.
enum ProcessState {
    static func hasExited(_ pid: Int32) -> Bool {
        if kill(pid, 0) != 0 { return true }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }
}
