import AccountClient
import BatonEnvironment
import Foundation

/// The private session bus of `baton notifications server on --bus`, for a host with none (a bare SSH login, a
/// container): Debian's `dbus-daemon --session`, detached, listening on `session-bus` in the runtime directory.
enum PrivateSessionBus {
    static func socket(_ paths: BatonPaths) -> URL { paths.runtimeDirectory.appendingPathComponent("session-bus") }
    static func pidFile(_ paths: BatonPaths) -> URL {
        paths.runtimeDirectory.appendingPathComponent("session-bus.pid")
    }
    static func address(_ paths: BatonPaths) -> String { "unix:path=" + socket(paths).path }

    /// The running private bus's pid: the recorded one, when it is still a `dbus-daemon`.
    static func runningPID(_ paths: BatonPaths) -> pid_t? {
        guard let text = try? String(contentsOf: pidFile(paths), encoding: .utf8),
            let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0,
            let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8),
            comm.trimmingCharacters(in: .whitespacesAndNewlines) == "dbus-daemon"
        else { return nil }
        return pid
    }

    /// Starts the bus unless it runs; returns its address once its socket is there.
    static func start(paths: BatonPaths) async throws -> String {
        if runningPID(paths) != nil, FileManager.default.fileExists(atPath: socket(paths).path) {
            return address(paths)
        }
        try paths.prepare()
        let search = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard
            let program = (search.map { "\($0)/dbus-daemon" } + ["/usr/bin/dbus-daemon"]).first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else {
            throw CommandFailure("dbus-daemon is not installed (Debian package dbus-daemon)")
        }
        try? FileManager.default.removeItem(at: socket(paths))
        let pid = try DaemonSpawner.spawn(
            executable: URL(fileURLWithPath: program),
            arguments: ["--session", "--nofork", "--nopidfile", "--address=\(address(paths))"])
        try PrivateFile.write(Data("\(pid)\n".utf8), to: pidFile(paths))
        for _ in 0..<1_000 {  // Up to 20 s: a hang guard, not a timing expectation.
            if FileManager.default.fileExists(atPath: socket(paths).path) { return address(paths) }
            guard kill(pid, 0) == 0 else { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw CommandFailure("the private session bus (\(program)) did not start")
    }

    /// Stops the private bus if it runs.
    static func stop(paths: BatonPaths) {
        if let pid = runningPID(paths) { kill(pid, SIGTERM) }
        try? FileManager.default.removeItem(at: pidFile(paths))
    }
}
