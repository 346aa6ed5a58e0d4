import Foundation
import GRDB
import GRDBSQLite
import Logging
import Synchronization

/// Checkpoints `account.sqlite`'s write-ahead log on a connection and thread of its own, so that no commit
/// waits for a checkpoint. SQLite's automatic checkpoint runs inside whichever commit took the log past 1 000
/// pages, with an fsync of the log and one of the database (`synchronous = NORMAL` syncs only there): 3–10 ms
/// on this project's VM, every 200 or so fires, on the event loop when a fire commits there (`WriterQueue`)
/// and ahead of every fire queued behind it on GRDB's writer. Installed on the writer's connection, this
/// replaces it: a commit that leaves the log at `pagesBeforeCheckpoint` or more asks for a passive
/// checkpoint (it never waits for readers or writers), run on a dedicated connection while commits go on.
final class WALCheckpointer: Sendable {
    /// SQLite's own threshold for the automatic checkpoint.
    static let pagesBeforeCheckpoint: Int32 = 1000

    private let connection: DatabaseQueue
    private let logger: Logger
    /// True from the request of a checkpoint until it has run: at most one is waiting or running.
    private let requested = Atomic(false)
    private let completed = Atomic(0)

    /// How many checkpoints have run to the end (for tests).
    var checkpointsRun: Int { completed.load(ordering: .acquiring) }

    /// Opens the checkpoint's own connection to the database at `path` (already in WAL mode).
    init(path: String, logger: Logger) throws {
        var configuration = Configuration()
        configuration.label = "account.checkpoint"
        connection = try DatabaseQueue(path: path, configuration: configuration)
        self.logger = logger
    }

    /// Makes the writer's connection of `pool` ask this checkpointer instead of checkpointing itself. The
    /// connection may outlive the checkpointer (a queued write holds the pool): the hook holds it weakly,
    /// through a reference of its own that lives as long as the process (a few bytes per store opened).
    func install(on pool: DatabasePool) throws {
        let context = Unmanaged.passRetained(WeakCheckpointer(self)).toOpaque()
        try pool.writeWithoutTransaction { db in
            _ = sqlite3_wal_hook(db.sqliteConnection, walHook, context)
        }
    }

    /// Called by SQLite on the committing thread after each commit: must be cheap.
    fileprivate func committed(pagesInLog pages: Int32) {
        guard pages >= Self.pagesBeforeCheckpoint,
            requested.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else { return }
        connection.asyncWriteWithoutTransaction { [self] db in
            do {
                try db.checkpoint(.passive)
                completed.add(1, ordering: .releasing)
            } catch {
                // Busy (the writer is restarting the log): the next commit past the threshold asks again.
                logger.debug("checkpoint not done", metadata: ["error": "\(error)"])
            }
            requested.store(false, ordering: .releasing)
        }
    }
}

/// The hook's context: the checkpointer while it exists.
private final class WeakCheckpointer: Sendable {
    weak let checkpointer: WALCheckpointer?
    init(_ checkpointer: WALCheckpointer) { self.checkpointer = checkpointer }
}

/// `sqlite3_wal_hook`'s callback, on the committing thread.
private func walHook(
    context: UnsafeMutableRawPointer?, connection: OpaquePointer?, database: UnsafePointer<CChar>?, pages: Int32
) -> Int32 {
    if let context {
        Unmanaged<WeakCheckpointer>.fromOpaque(context).takeUnretainedValue().checkpointer?.committed(pagesInLog: pages)
    }
    return SQLITE_OK
}
