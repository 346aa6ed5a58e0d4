import Foundation
import Synchronization

/// Where the daemon runs service extensions: each run on a thread of its own, started at once, so a slow
/// or hanging extension never waits behind another (a shared pool, sized by cores, let one app's hangs
/// hold every other push for up to 90 s). Runs are bounded per app and in all; a push past the bound
/// is not queued (it would wait for others' deadlines) but delivered as it came, with the reason logged.
final class ExtensionRuns: Sendable {
    /// The most extension runs of one app at once.
    let perApp: Int
    /// The most extension runs at once, all apps together.
    let total: Int
    private let running = Mutex<[String: Int]>([:])

    /// The daemon's.
    static let daemon = ExtensionRuns()

    init(perApp: Int = 4, total: Int = 16) {
        self.perApp = perApp
        self.total = total
    }

    /// Runs `work` on a new thread, told whether it was admitted (false: over a bound; it should not start
    /// the extension).
    func run(app: String, _ work: @escaping @Sendable (_ admitted: Bool) -> Void) {
        let admitted = running.withLock { running in
            guard running[app, default: 0] < perApp, running.values.reduce(0, +) < total else { return false }
            running[app, default: 0] += 1
            return true
        }
        guard admitted else { return work(false) }
        let thread = Thread { [self] in
            work(true)
            running.withLock { running in
                running[app, default: 1] -= 1
                if running[app] == 0 { running[app] = nil }
            }
        }
        thread.name = "service-extension"
        thread.start()
    }
}
