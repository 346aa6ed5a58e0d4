import AccountClient
import BatonEnvironment
import Foundation
import Logging

/// The link lives beside its machine's daemon: it starts once the daemon is up and ends soon after it is gone,
/// even when a bridge is still waiting on a server that does not answer (no link is left behind).
enum DaemonWatch {
    /// Polls until the daemon runs and its socket is there; false when `limit` passes first.
    static func waitForDaemon(paths: BatonPaths, within limit: Duration) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while clock.now < deadline {
            if LinkLauncher.daemonIsRunning(paths: paths), FileManager.default.fileExists(atPath: paths.socket.path) {
                return true
            }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    /// Once the daemon has been gone for a second, gives the bridges `grace` to clear this machine's offers on the
    /// server, then ends the process; returns only when cancelled (the bridges ended on their own).
    static func endWhenTheDaemonIsGone(
        paths: BatonPaths, logger: Logger, grace: Duration = .seconds(5)
    ) async {
        var goneChecks = 0
        while goneChecks < 2 {
            do {
                try await Task.sleep(for: .milliseconds(500))
            } catch {
                return
            }
            goneChecks = LinkLauncher.daemonIsRunning(paths: paths) ? 0 : goneChecks + 1
        }
        try? await Task.sleep(for: grace)
        logger.notice("the daemon is gone; the link ends")
        exit(0)
    }
}
