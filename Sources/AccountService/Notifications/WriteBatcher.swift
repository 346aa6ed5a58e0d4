import Foundation
import GRDB
import Logging
import Synchronization

/// Queues changes for GRDB's serial writer and commits whatever has queued up in one transaction: under a
/// burst (100 000 adds) the disk sees a few large commits instead of one per change, so a fire queued behind
/// them waits for one commit, not thousands. Order is kept; each change's `then` runs after its transaction
/// ended, told whether it committed (a failed batch is rolled back whole and logged). A small change that must
/// not wait for a thread hop (a fire) commits at once on the caller's thread when the writer is idle
/// (`writeAtOnceWhenIdle`).
final class WriteBatcher: Sendable {
    typealias Change = @Sendable (Database) throws -> Void
    typealias Then = @Sendable (_ committed: Bool) -> Void

    private struct State {
        var queued: [(Change, Then)] = []
        var flushing = false
        /// The `then`s of the batch being committed (only the writer's queue sets them, one batch at a time).
        var pendingThens: [Then] = []
    }

    private let writes: WriterQueue
    private let logger: Logger
    private let state = Mutex(State())

    init(writes: WriterQueue, logger: Logger) {
        self.writes = writes
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

    /// Like `write`, but when nothing is queued on the writer (here or elsewhere in the daemon) `change`
    /// commits at once in a transaction of its own on the caller's thread, and `then` runs there right after:
    /// no hop to the writer's thread and back. Otherwise it is queued like `write` and the batch being
    /// committed carries it. Called on the event loop (the thread that queues every write), for small
    /// changes only: the loop waits for the commit. Returns whether it was committed at once.
    @discardableResult
    func writeAtOnceWhenIdle(_ change: @escaping Change, then: @escaping Then) -> Bool {
        guard let result = writes.commitIfIdle(change) else {
            write(change, then: then)
            return false
        }
        if case .failure(let error) = result {
            logger.error("notification write failed", metadata: ["error": "\(error)", "changes": "1"])
        }
        then((try? result.get()) != nil)
        return true
    }

    private func flush() {
        let logger = logger
        writes.asyncWrite(
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
