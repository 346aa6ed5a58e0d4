import BatonEnvironment
import Foundation
import GRDB
import Logging
import Wire

/// The daemon's durable state in `account.sqlite` (WAL): devices seen and current activities' metadata.
///
/// Writes are queued on GRDB's writer so the event loop never waits for the disk.
final class AccountStore: Sendable {
    let pool: DatabasePool
    /// Every write the daemon queues goes through here (counted: `WriterQueue`).
    let writes: WriterQueue
    /// Checkpoints the log off the writer's and the loop's threads (`WALCheckpointer`).
    let checkpointer: WALCheckpointer
    private let logger: Logger

    /// Opens (creating and migrating) the database at `url`.
    /// The database and its companions must be the user's regular files (`StrictModes`): a symbolic link
    /// or another user's file is refused, a loose mode tightened to 0600.
    init(url: URL, logger: Logger) throws {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try StrictModes.checkFile(URL(fileURLWithPath: url.path + suffix))
        }
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        pool = try DatabasePool(path: url.path, configuration: configuration)
        writes = WriterQueue(pool: pool)
        self.logger = logger
        try AccountSchema.migrator.migrate(pool)
        checkpointer = try WALCheckpointer(path: url.path, logger: logger)
        try checkpointer.install(on: pool)
        // Nothing is current before any device has connected to this daemon.
        try pool.write { db in try db.execute(sql: "DELETE FROM activity") }
    }

    /// Remembers that `device` connected at `date` with these apps.
    func recordDevice(_ device: RegisterDevice, at date: Date) {
        let apps =
            (try? JSONEncoder().encode(device.apps)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        write { db in
            try db.execute(
                sql: """
                    INSERT INTO device (name, firstSeen, lastSeen, apps) VALUES (?, ?, ?, ?)
                    ON CONFLICT(name) DO UPDATE SET lastSeen = excluded.lastSeen, apps = excluded.apps
                    """,
                arguments: [device.name, date, date, apps])
        }
    }

    /// Stores `advertisement` as its device's current activity.
    /// (A cached statement: prepared once, not at every advertisement.)
    func recordActivity(_ advertisement: Advertisement) {
        write { db in
            try db.cachedStatement(
                sql: """
                    INSERT OR REPLACE INTO activity
                    (device, bundleIdentifier, teamIdentifier, activityType, title, sequence, webpageURL,
                     supportsStreams, advertisedAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """
            ).execute(
                arguments: [
                    advertisement.device, advertisement.bundleIdentifier, advertisement.teamIdentifier,
                    advertisement.activityType, advertisement.title, Int64(clamping: advertisement.sequence),
                    advertisement.webpageURL?.absoluteString, advertisement.supportsContinuationStreams,
                    advertisement.advertisedAt,
                ])
        }
    }

    /// Forgets the current activity of `device`.
    func removeActivity(device: String) {
        write { db in
            try db.cachedStatement(sql: "DELETE FROM activity WHERE device = ?").execute(arguments: [device])
        }
    }

    private func write(_ updates: @escaping @Sendable (Database) throws -> Void) {
        let logger = logger
        writes.asyncWrite(updates) { _, result in
            if case .failure(let error) = result { logger.error("database write failed: \(error)") }
        }
    }
}
