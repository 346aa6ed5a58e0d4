import Foundation
import GRDB
import Logging

/// Queues changes for GRDB's serial writer and commits whatever has queued up in one transaction: under a
/// burst (100 000 adds) the disk sees a few large commits instead of one per change, so a fire queued behind
/// them waits for one commit, not thousands. Order is kept; each change's `then` runs after its commit.
final class WriteBatcher: @unchecked Sendable {
    typealias Change = @Sendable (Database) throws -> Void
    typealias Then = @Sendable () -> Void

    private let pool: DatabasePool
    private let logger: Logger
    private let lock = NSLock()
    private var queued: [(Change, Then)] = []
    private var flushing = false

    init(pool: DatabasePool, logger: Logger) {
        self.pool = pool
        self.logger = logger
    }

    func write(_ change: @escaping Change, then: @escaping Then) {
        let start = lock.withLock {
            queued.append((change, then))
            defer { flushing = true }
            return !flushing
        }
        if start { flush() }
    }

    private func flush() {
        let logger = logger
        pool.asyncWrite(
            { [self] db -> Int in
                let batch = lock.withLock {
                    let batch = queued
                    queued = []
                    return batch
                }
                for (change, _) in batch { try change(db) }
                pendingThens = batch.map(\.1)
                return batch.count
            },
            completion: { [self] _, result in
                let thens = lock.withLock {
                    let thens = pendingThens
                    pendingThens = []
                    return thens
                }
                switch result {
                case .success: for then in thens { then() }
                case .failure(let error):
                    logger.error(
                        "notification write failed", metadata: ["error": "\(error)", "changes": "\(thens.count)"])
                }
                let more = lock.withLock {
                    if queued.isEmpty { flushing = false }
                    return !queued.isEmpty
                }
                if more { flush() }
            })
    }

    /// The `then`s of the batch being committed (only the writer's queue touches it, one batch at a time).
    private var pendingThens: [Then] = []
}
