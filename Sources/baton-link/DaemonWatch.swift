import AccountClient
import BatonEnvironment
import Foundation
import Logging

/// The link lives beside its machine's daemon, one daemon's life: it starts once the daemon is up and ends soon
/// after that daemon is gone, even when a bridge is still waiting on a server that does not answer, and even when
/// a new daemon came up meanwhile (a link stopped across its daemon's death and continued as the next one starts
/// must not hold the link's lock in that daemon's place: the new daemon starts its own once this one ends).
enum DaemonWatch {
    /// Polls until the daemon runs, has written its pid and its socket is there; returns its pid, or nil when
    /// `limit` passes first.
    static func waitForDaemon(paths: BatonPaths, within limit: Duration) async -> pid_t? {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while clock.now < deadline {
            if let pid = LinkLauncher.daemonPID(paths: paths), FileManager.default.fileExists(atPath: paths.socket.path)
            {
                return pid
            }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return nil
    }

    /// Whether the daemon this link began with (`daemon`) still runs: false when none runs or another daemon holds
    /// the instance lock (one that holds it but has not written its pid yet is taken for the same).
    static func stillRunning(_ daemon: pid_t, paths: BatonPaths) -> Bool {
        guard LinkLauncher.daemonIsRunning(paths: paths) else { return false }
        guard let now = LinkLauncher.daemonPID(paths: paths) else { return true }
        return now == daemon
    }

    /// Once the link's daemon (`daemon`) has been gone or replaced for a second, gives the bridges `grace` to clear
    /// this machine's offers on the server, then ends the process; returns only when cancelled (the bridges ended
    /// on their own).
    static func endWhenTheDaemonIsGone(
        _ daemon: pid_t, paths: BatonPaths, logger: Logger, grace: Duration = .seconds(5)
    ) async {
        var goneChecks = 0
        while goneChecks < 2 {
            do {
                try await Task.sleep(for: .milliseconds(500))
            } catch {
                return
            }
            goneChecks = stillRunning(daemon, paths: paths) ? 0 : goneChecks + 1
        }
        try? await Task.sleep(for: grace)
        logger.notice("the daemon is gone; the link ends", metadata: ["daemon": "\(daemon)"])
        exit(0)
    }
}
