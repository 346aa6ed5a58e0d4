import AccountClient
import BatonEnvironment
import Foundation
import Wire

/// A benchmark's temporary BATON_HOME (`/tmp/baton-bench-…`): removed only once the daemon it started has
/// ended. A daemon still running when its home is removed logs again and recreates the directory (the
/// benchmarks used to leave one behind per run); stop every client that would start it again first.
struct BenchHome {
    let url: URL
    let paths: BatonPaths

    init(prefix: String = "baton-bench") {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        paths = BatonPaths(environment: ["BATON_HOME": url.path])
    }

    /// Runs `body`, then `stopClients` (a connected client starts the daemon again once it stops) and
    /// `remove()`, whether `body` returned or threw.
    func run<T>(stoppingClients stopClients: () -> Void, _ body: () async throws -> T) async throws -> T {
        let result: T
        do {
            result = try await body()
        } catch {
            stopClients()
            await remove()
            throw error
        }
        stopClients()
        await remove()
        return result
    }

    /// Asks the daemon to stop, waits for every process of this home to end (up to a minute: a loaded
    /// machine is slow to close a database; a daemon still starting has written no lock yet, so the
    /// processes are found by their `BATON_HOME`), kills what is left, then removes the home.
    func remove() async {
        if LinkLauncher.daemonIsRunning(paths: paths) {
            try? await DaemonQuery.send(paths: paths, .shutdown(Shutdown()))
        }
        let deadline = ContinuousClock.now + .seconds(60)
        while !Self.processes(home: url.path).isEmpty, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        for pid in Self.processes(home: url.path) { kill(pid, SIGKILL) }
        try? FileManager.default.removeItem(at: url)
    }

    /// The running processes (zombies excluded) whose environment sets `BATON_HOME` to `home`.
    static func processes(home: String) -> [pid_t] {
        let wanted = Array("BATON_HOME=\(home)".utf8)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), pid != getpid(),
                let environment = FileManager.default.contents(atPath: "/proc/\(entry)/environ"),
                environment.split(separator: 0).contains(where: { $0.elementsEqual(wanted) }),
                isAlive(pid)
            else { return nil }
            return pid
        }
    }

    /// Whether `pid` runs (a zombie counts as ended).
    private static func isAlive(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return !stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }
}
