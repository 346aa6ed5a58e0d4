import BatonEnvironment
import Foundation
import Logging

/// The daemon's watch over this machine's link (`baton-link run`): while the machine is linked, a link that exits
/// or is killed is started again, after 1 s, then 2, 4 … up to 60 s while it keeps ending (back to 1 s once one
/// has run a minute: `LinkBackoff`, on the injected clock's monotonic time). Each restart is logged and counted in `LinkSupervisor.Record` for `baton account status`.
/// It runs on a thread of its own for the daemon's life (the link is the daemon's child, so its exit status is
/// known; a link another command started is watched through its lock).
public final class LinkSupervisor: @unchecked Sendable {
    /// What `account status` shows: restarts since the daemon started and why the last one was needed.
    public struct Record: Codable, Sendable, Equatable {
        public var restarts = 0
        public var lastReason: String?
        public var lastRestartAt: Date?
    }

    let paths: BatonPaths
    /// Its time: monotonic for the backoff, the wall (as `BATON_NOW` sets it) for the record.
    let clock: any DeadlineClock
    let logger = Logger(label: "baton.link-supervisor")
    private let lock = NSLock()
    /// The link this supervisor started and has not seen end, and the reason of the last one that ended.
    private var child: pid_t?
    private var endedReason: String?

    init(paths: BatonPaths, clock: any DeadlineClock) {
        self.paths = paths
        self.clock = clock
    }

    /// Starts watching (and starts the link if the machine is linked).
    /// The link running now is taken as seen before this returns: one killed before the watch thread first looked
    /// (a loaded machine may not run it for a while) still counts as a restart.
    public static func start(paths: BatonPaths, clock: any DeadlineClock) {
        let supervisor = LinkSupervisor(paths: paths, clock: clock)
        let running = LinkLauncher.runningPID(paths: paths)
        Thread.detachNewThread { supervisor.watch(seeing: running) }
    }

    /// The record the daemon keeps in its runtime directory (nil before any restart).
    public static func read(paths: BatonPaths) -> Record? {
        FileManager.default.contents(atPath: recordFile(paths).path).flatMap {
            try? JSONDecoder().decode(Record.self, from: $0)
        }
    }

    static func recordFile(_ paths: BatonPaths) -> URL {
        paths.runtimeDirectory.appendingPathComponent("account-link-supervisor.json")
    }

    private var linked: Bool { FileManager.default.fileExists(atPath: LinkLauncher.linkFile(paths).path) }

    /// Whether a link runs: one holds the lock, or the one started here has not exited yet (it may not hold the
    /// lock yet).
    private func linkRuns() -> pid_t? {
        if let pid = LinkLauncher.runningPID(paths: paths) { return pid }
        return lock.withLock { child }
    }

    private func watch(seeing running: pid_t?) {
        var record = Record()
        var backoff = LinkBackoff(clock: clock)
        var seen = running
        if running != nil { backoff.running() }
        while true {
            Thread.sleep(forTimeInterval: 0.25)
            guard linked else {
                seen = nil
                backoff.reset()
                continue
            }
            if let pid = linkRuns() {
                seen = pid
                backoff.running()
                continue
            }
            if let pid = seen {
                let reason = lock.withLock { endedReason } ?? "the link (pid \(pid)) is gone"
                record.restarts += 1
                record.lastReason = reason
                record.lastRestartAt = clock.now()
                try? PrivateFile.write(
                    (try? JSONEncoder().encode(record)) ?? Data(), to: Self.recordFile(paths), durable: false)
                logger.warning(
                    "the account link ended; restarting it",
                    metadata: [
                        "reason": "\(reason)", "after": "\(Int(backoff.delay)) s", "restarts": "\(record.restarts)",
                    ])
                Thread.sleep(forTimeInterval: backoff.ended())
                seen = nil
                guard linked, linkRuns() == nil else { continue }
            }
            spawn()
        }
    }

    /// Starts the link as this process's child, noting why it ends when it does.
    private func spawn() {
        guard FileManager.default.isExecutableFile(atPath: LinkLauncher.executable.path) else {
            lock.withLock { endedReason = "\(LinkLauncher.executable.path) is missing" }
            return
        }
        lock.lock()
        defer { lock.unlock() }
        endedReason = nil
        do {
            let pid = try DaemonSpawner.spawn(executable: LinkLauncher.executable, arguments: ["run"]) { status in
                self.ended(status)
            }
            child = pid
        } catch {
            endedReason = "cannot start the link: \(error)"
        }
    }

    private func ended(_ status: Int32) {
        lock.withLock {
            let signal = status & 0x7f
            if signal == 0 {
                endedReason = "the link exited with status \((status >> 8) & 0xff)"
            } else {
                endedReason = "the link was killed by signal \(signal)\(signal == SIGKILL ? " (SIGKILL)" : "")"
            }
            child = nil
        }
    }
}
