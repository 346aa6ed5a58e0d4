import AccountClient
import AccountService
import ArgumentParser
import BatonEnvironment
import Foundation
import Wire

/// `baton daemon start|stop|status`: the per-user account daemon.
struct DaemonCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daemon",
        abstract: "Start, stop or inspect the account daemon (it also starts on demand).",
        subcommands: [DaemonStartCommand.self, DaemonStopCommand.self, DaemonStatusCommand.self, DaemonRunCommand.self]
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
        let pong = try await DaemonLauncher.start(paths: paths)
        print("baton daemon started (pid \(pong.daemonPID))")
    }
}

/// `baton daemon stop`: asks the daemon to stop and waits until it has.
struct DaemonStopCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "stop", abstract: "Stop the daemon.")

    func run() async throws {
        let paths = BatonPaths()
        guard let pong = try? await DaemonStatus.ping(paths: paths) else {
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

/// `baton daemon status [--json]`: whether the daemon runs, its pid and connected devices.
struct DaemonStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "Show whether the daemon runs.")

    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        let paths = BatonPaths()
        let pong: Pong
        do {
            pong = try await DaemonStatus.ping(paths: paths)
        } catch .notRunning(let socket) {
            if json {
                print(#"{"running":false}"#)
            } else {
                print("baton daemon is not running (no answer at \(socket))")
            }
            throw ExitCode(3)
        } catch {
            FileHandle.standardError.write(Data("baton: \(error)\n".utf8))
            throw ExitCode(1)
        }
        if json {
            try JSONOutput.print(RunningDaemonStatus(pong: pong))
        } else {
            print(
                "baton daemon running: pid \(pong.daemonPID), since \(pong.startedAt.formatted(.iso8601)), "
                    + "\(pong.connectedDevices) device(s), socket \(paths.socket.path)")
        }
    }
}

/// `daemon status --json` while the daemon answers: the pong's fields and `"running": true`, as the
/// stopped case prints `"running": false`.
struct RunningDaemonStatus: Encodable {
    var pong: Pong

    private enum Key: String, CodingKey { case running }

    func encode(to encoder: any Encoder) throws {
        try pong.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(true, forKey: .running)
    }
}

/// `baton daemon run`: the daemon itself, in the foreground (what `start` and clients spawn).
struct DaemonRunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run the daemon in the foreground.", shouldDisplay: false)

    func run() throws {
        CleanSignals.unblockOnThisThread()
        switch try AccountDaemon.run(paths: BatonPaths()) {
        case .served: return
        case .alreadyRunning(let pid):
            FileHandle.standardError.write(
                Data("baton daemon already running (pid \(pid.map(String.init) ?? "?"))\n".utf8))
        }
    }
}

/// Asks the daemon for its status.
enum DaemonStatus {
    static func ping(paths: BatonPaths) async throws(DaemonQueryError) -> Pong {
        let reply = try await DaemonQuery.request(paths: paths) { .ping(Ping(requestID: $0)) }
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

/// Starts the daemon in the background and waits until it answers.
enum DaemonLauncher {
    /// Spawns `baton daemon run` and waits (up to 20 s: a loaded machine may take a while to open and
    /// migrate the database) for its first pong.
    static func start(paths: BatonPaths) async throws -> Pong {
        try paths.prepare()
        try DaemonSpawner.spawn(executable: DaemonSpawner.defaultExecutable())
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            if let pong = try? await DaemonStatus.ping(paths: paths) { return pong }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw ValidationError(
            "the daemon did not come up; see \(paths.logDirectory.appendingPathComponent("daemon.log").path)")
    }
}
