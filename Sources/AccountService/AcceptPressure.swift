import Foundation
import Logging
import NIOCore
import Synchronization

/// Accepting at the descriptor limit without spinning. NIO keeps a failed accept's read pending, so the
/// listening socket stays readable and `accept4` would fail again at once, tens of thousands of times a
/// second, while a connection waits in the backlog. Instead, on such a failure `AcceptGate` stops reading
/// the listening socket, refuses the waiting clients with the reason (through a reserved descriptor, see
/// `ReserveDescriptor`), and tries again after a second or as soon as a connection closes, whichever comes
/// first. The condition is logged once per run, with the number of failed accepts when it ends.
final class AcceptPressure: Sendable {
    private struct State {
        var failing = false
        var failedAccepts = 0
        var refused = 0
        /// Resumes accepting on the listening socket's loop; set by the gate once it is in the pipeline.
        var resume: (@Sendable () -> Void)?
    }

    private let logger: Logger
    private let state = Mutex(State())

    init(logger: Logger) { self.logger = logger }

    /// An accept failed with `error`: logs the first failure of a run of them, and counts.
    func failed(_ error: IOError) {
        let first = state.withLock { state in
            defer {
                state.failing = true
                state.failedAccepts += 1
            }
            return !state.failing
        }
        guard first else { return }
        logger.error(
            "not accepting connections: \(Self.reason(error)); retrying every second or when a connection closes",
            metadata: ["limit": "\(DescriptorLimit.current)"])
    }

    /// `count` waiting clients were accepted on the reserve descriptor and told why they are refused.
    func refused(_ count: Int) {
        state.withLock { $0.refused += count }
    }

    /// A connection was accepted: the pressure, if any, is over.
    func accepted() {
        let ended = state.withLock { state -> (failed: Int, refused: Int)? in
            defer { (state.failing, state.failedAccepts, state.refused) = (false, 0, 0) }
            return state.failing ? (state.failedAccepts, state.refused) : nil
        }
        guard let ended else { return }
        logger.notice(
            "accepting connections again",
            metadata: ["failedAccepts": "\(ended.failed)", "refusedClients": "\(ended.refused)"])
    }

    /// A client connection closed: a descriptor is free, so a paused listener tries again now.
    func connectionClosed() {
        let resume = state.withLock { $0.failing ? $0.resume : nil }
        resume?()
    }

    /// Installs how to resume accepting (the gate's, on its loop).
    func onResume(_ resume: @escaping @Sendable () -> Void) {
        state.withLock { $0.resume = resume }
    }

    /// Whether `error` is a shortage the listener can wait out (descriptors, buffers, memory).
    static func isShortage(_ error: IOError) -> Bool {
        [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(error.errnoCode)
    }

    /// The reason a refused client reads.
    static func reason(_ error: IOError) -> String {
        error.errnoCode == EMFILE || error.errnoCode == ENFILE
            ? "the daemon is at its descriptor limit (\(DescriptorLimit.current) open files)" : "\(error)"
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
