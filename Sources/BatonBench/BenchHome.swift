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

    /// Asks the daemon to stop, waits for its process to end (up to a minute: a loaded machine is slow to
    /// close a database), then removes the home.
    func remove() async {
        let pid = Self.daemonPID(paths)
        if LinkLauncher.daemonIsRunning(paths: paths) {
            try? await DaemonQuery.send(paths: paths, .shutdown(Shutdown()))
        }
        let deadline = ContinuousClock.now + .seconds(60)
        while LinkLauncher.daemonIsRunning(paths: paths) || pid.map(Self.isAlive) == true,
            ContinuousClock.now < deadline
        {
            try? await Task.sleep(for: .milliseconds(20))
        }
        if let pid, Self.isAlive(pid) { kill(pid, SIGKILL) }
        try? FileManager.default.removeItem(at: url)
    }

    /// The pid the daemon wrote in its instance lock.
    private static func daemonPID(_ paths: BatonPaths) -> pid_t? {
        guard let text = try? String(contentsOf: paths.daemonLock, encoding: .utf8) else { return nil }
        return pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
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
