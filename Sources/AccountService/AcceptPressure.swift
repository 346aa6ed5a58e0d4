import Foundation
import Logging
import NIOCore
import Synchronization

/// Accepting under pressure: when `accept` fails (the descriptor limit, most often), the listening socket
/// pauses for a second instead of spinning on the error, and the condition is logged once until a
/// connection is accepted again.
final class AcceptPressure: Sendable {
    private let logger: Logger
    private let failing = Mutex(false)

    init(logger: Logger) { self.logger = logger }

    /// How long to pause after `error`; logs the first failure of a run of them.
    func backOff(after error: IOError) -> TimeAmount? {
        let first = failing.withLock { failing in
            defer { failing = true }
            return !failing
        }
        if first {
            let reason =
                error.errnoCode == EMFILE || error.errnoCode == ENFILE
                ? "the descriptor limit is reached" : "\(error)"
            logger.error(
                "not accepting connections: \(reason); retrying every second",
                metadata: ["limit": "\(DescriptorLimit.current)"])
        }
        return .seconds(1)
    }

    /// A connection was accepted: the pressure, if any, is over.
    func accepted() {
        let recovered = failing.withLock { failing in
            defer { failing = false }
            return failing
        }
        if recovered { logger.notice("accepting connections again") }
    }
}

/// The process's limit on open descriptors.
enum DescriptorLimit {
    /// The soft limit now in force.
    static var current: String {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return "unknown" }
        return "\(limit.rlim_cur)"
    }

    /// Raises the soft limit to the hard one: the daemon holds a descriptor per client.
    static func raiseToHard() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}
