import Foundation

/// The processes a test started under one `BATON_HOME` (suites, daemons, links, extensions), found by their
/// environment: a daemon still starting has written no lock, and a suite whose tmux session was killed may still
/// run for a moment and start its daemon again, so a fixture ends them all before it removes its home.
enum HomeProcesses {
    /// Running processes (zombies excluded) whose `BATON_HOME` is `directory` or lies under it.
    static func running(under directory: String) -> [pid_t] {
        let needle = Array("BATON_HOME=\(directory)".utf8)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), pid != getpid(),
                let environ = FileManager.default.contents(atPath: "/proc/\(entry)/environ")
            else { return nil }
            let matches = environ.split(separator: 0).contains { $0.starts(with: needle) }
            guard matches, !isZombie(pid) else { return nil }
            return pid
        }
    }

    /// Kills every process under `directory` and waits until none runs (at most 30 s: SIGKILL cannot be
    /// ignored, so only a process stuck in the kernel reaches it). Blocks the calling thread: for teardown.
    static func endAll(under directory: String) {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let left = running(under: directory)
            if left.isEmpty { return }
            for pid in left { kill(pid, SIGKILL) }
            usleep(20_000)
        }
    }

    static func isZombie(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return true }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }
}
