import Foundation
import GRDB
import Logging
import Synchronization

/// Queues changes for GRDB's serial writer and commits whatever has queued up in one transaction: under a
/// burst (100 000 adds) the disk sees a few large commits instead of one per change, so a fire queued behind
/// them waits for one commit, not thousands. Order is kept; each change's `then` runs after its transaction
/// ended, told whether it committed (a failed batch is rolled back whole and logged).
final class WriteBatcher: Sendable {
    typealias Change = @Sendable (Database) throws -> Void
    typealias Then = @Sendable (_ committed: Bool) -> Void

    private struct State {
        var queued: [(Change, Then)] = []
        var flushing = false
        /// The `then`s of the batch being committed (only the writer's queue sets them, one batch at a time).
        var pendingThens: [Then] = []
    }

    private let pool: DatabasePool
    private let logger: Logger
    private let state = Mutex(State())

    init(pool: DatabasePool, logger: Logger) {
        self.pool = pool
        self.logger = logger
    }

    func write(_ change: @escaping Change, then: @escaping Then) {
        let start = state.withLock { state in
            state.queued.append((change, then))
            defer { state.flushing = true }
            return !state.flushing
        }
        if start { flush() }
    }

    private func flush() {
        let logger = logger
        pool.asyncWrite(
            { [self] db -> Int in
                let batch = state.withLock { state in
                    let batch = state.queued
                    state.queued = []
                    return batch
                }
                // Set before the changes run: a change that throws rolls the batch back, and every `then` of it
                // still hears so.
                state.withLock { $0.pendingThens = batch.map(\.1) }
                for (change, _) in batch { try change(db) }
                return batch.count
            },
            completion: { [self] _, result in
                let thens = state.withLock { state in
                    let thens = state.pendingThens
                    state.pendingThens = []
                    return thens
                }
                if case .failure(let error) = result {
                    logger.error(
                        "notification write failed", metadata: ["error": "\(error)", "changes": "\(thens.count)"])
                }
                let committed = (try? result.get()) != nil
                for then in thens { then(committed) }
                let more = state.withLock { state in
                    if state.queued.isEmpty { state.flushing = false }
                    return !state.queued.isEmpty
                }
                if more { flush() }
            })
    }
}
