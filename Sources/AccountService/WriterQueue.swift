import GRDB
import Synchronization

/// GRDB's one writer as the daemon queues on it: every transaction queued here is counted until its
/// completion has run, so the event loop (the thread that queues them) can tell that the writer is idle and
/// commit a small change at once on its own thread (`commitIfIdle`) instead of handing it to the writer's
/// thread and waiting for the hop back. Changes still commit in the order they were made: one committed at
/// once had nothing queued before it, and every earlier completion has run.
final class WriterQueue: Sendable {
    let pool: DatabasePool
    /// Transactions queued (or running) whose completion has not returned yet.
    private let unfinished = Atomic<Int>(0)

    init(pool: DatabasePool) {
        self.pool = pool
    }

    /// `DatabasePool.asyncWrite`, counted: `completion` runs on the writer's queue; a write it queues there
    /// is counted before this one is let go, so the count never reads zero while one is still to run.
    func asyncWrite<T>(
        _ updates: @escaping @Sendable (Database) throws -> T,
        completion: @escaping @Sendable (Database, Result<T, any Error>) -> Void
    ) {
        unfinished.add(1, ordering: .relaxed)
        pool.asyncWrite(updates) { [self] db, result in
            completion(db, result)
            unfinished.subtract(1, ordering: .releasing)
        }
    }

    /// Whether nothing queued here is waiting or running.
    var isIdle: Bool { unfinished.load(ordering: .acquiring) == 0 }

    /// Commits `updates` in one transaction on the caller's thread when the writer is idle (libdispatch runs
    /// a `sync` on an idle serial queue on the calling thread: no wake-up of another thread); nil, with
    /// nothing run, when something is queued (the caller queues its change behind it instead). With
    /// `synchronous = NORMAL` in WAL mode a commit appends to the WAL without an fsync.
    func commitIfIdle(_ updates: (Database) throws -> Void) -> Result<Void, any Error>? {
        guard isIdle else { return nil }
        return Result { try pool.write(updates) }
    }
}
