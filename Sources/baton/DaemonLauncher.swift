import AccountClient
import BatonEnvironment
import Foundation
import Wire

/// Starts the daemon in the background and waits until it answers, or until it exits saying why.
enum DaemonLauncher {
    /// `start` for a command that needs the daemon (`notify`, `kv`, …): in a terminal it says so, once, on
    /// standard error (scripts, reading a pipe, see nothing new).
    @discardableResult
    static func startOnDemand(paths: BatonPaths) async throws -> Pong {
        let pong = try await start(paths: paths)
        if isatty(STDERR_FILENO) == 1 {
            CommandLineRunner.printError(
                "baton: started the account daemon (pid \(pong.daemonPID); 'baton daemon stop' stops it)")
        }
        return pong
    }

    /// Spawns `baton daemon run` with its standard error on a pipe and waits (up to 20 s: a loaded machine
    /// may take a while to open and migrate the database) for its first pong. A daemon that cannot start
    /// writes why to the pipe and exits: that reason is thrown at once.
    static func start(paths: BatonPaths) async throws -> Pong {
        if let forwarded = paths.forwardedSocket {
            // That daemon is another machine's (`baton ssh`): one started here would be the wrong account.
            throw CommandFailure(
                "no daemon answers at \(forwarded.path) (BATON_SOCKET), and baton never starts one for a "
                    + "forwarded socket (is the baton ssh session still open? unset BATON_SOCKET to use this "
                    + "machine's daemon)", code: BatonExitCode.daemonNotRunning)
        }
        try paths.prepare()
        // The files the daemon opens, checked here too: an unsafe one is exit 78 with its own line.
        for file in paths.daemonPrivateFiles { try StrictModes.checkFile(file) }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw CommandFailure("cannot start the daemon: \(String(cString: strerror(errno)))")
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let errors = DaemonErrorPipe(descriptor: ends[0])
        defer { errors.close() }
        do {
            try DaemonSpawner.spawn(executable: DaemonSpawner.defaultExecutable(), errorOutput: ends[1])
        } catch {
            close(ends[1])
            throw error
        }
        close(ends[1])
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            if let pong = try? await DaemonStatus.ping(paths: paths, timeout: .seconds(1)) { return pong }
            if errors.drain(), let reason = errors.reason {
                throw CommandFailure("the daemon could not start: \(reason)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw CommandFailure(
            "the daemon did not come up; see \(paths.logDirectory.appendingPathComponent("daemon.log").path)")
    }
}

/// The read end of the daemon's standard error while it starts.
final class DaemonErrorPipe {
    private let descriptor: Int32
    private var text = Data()
    private var closed = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    /// Reads what is there; returns true once the daemon closed its end (it exited, or it serves).
    func drain() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !closed {
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 {
                if text.count < 64 * 1024 { text.append(contentsOf: buffer[..<count]) }
            } else if count == 0 {
                closed = true
            } else {
                break
            }
        }
        return closed
    }

    /// Why the daemon failed, when it said so ("baton daemon: REASON"; a daemon that found another one
    /// running says something else, and that one will answer).
    var reason: String? {
        let prefix = "baton daemon: "
        let lines = String(decoding: text, as: UTF8.self).split(separator: "\n")
        guard let line = lines.last(where: { $0.hasPrefix(prefix) }) else { return nil }
        return String(line.dropFirst(prefix.count))
    }

    func close() { Glibc.close(descriptor) }
}
