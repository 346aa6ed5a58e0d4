import Foundation
import GRDB
import Wire

/// The key-value store as persisted in `account.sqlite`: the `kv` rows, the store's identity and revision
/// counter (`kvState`) and each device's newest applied write (`kvWriter`).
struct KeyValueTable {
    /// Everything the service needs in memory, read once at start.
    struct Contents {
        var storeID: String
        var lastRevision: Int64
        var entries: [String: KeyValueEntry]
        /// The newest removals, as entries without a value.
        var removed: [String: KeyValueEntry]
        var lastWriteIDs: [String: UInt64]
    }

    let pool: DatabasePool
    let writes: WriterQueue

    /// Reads the whole store (at most a megabyte by the quota).
    func load() throws -> Contents {
        try pool.read { db in
            guard let state = try Row.fetchOne(db, sql: "SELECT storeID, lastRevision FROM kvState WHERE id = 1")
            else { throw KeyValueTableError.missingState }
            var entries: [String: KeyValueEntry] = [:]
            let decoder = JSONDecoder()
            for row in try Row.fetchAll(db, sql: "SELECT key, value, revision, modified, writer, viaLink FROM kv") {
                let key: String = row["key"]
                let text: String = row["value"]
                let value = try decoder.decode(PropertyListValue.self, from: Data(text.utf8))
                entries[key] = KeyValueEntry(
                    key: key, value: value, revision: row["revision"], modified: row["modified"], writer: row["writer"],
                    viaLink: Self.viaLink(row))
            }
            var removed: [String: KeyValueEntry] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT key, revision, modified, writer, viaLink FROM kvRemoved") {
                let key: String = row["key"]
                removed[key] = KeyValueEntry(
                    key: key, value: nil, revision: row["revision"], modified: row["modified"], writer: row["writer"],
                    viaLink: Self.viaLink(row))
            }
            var writers: [String: UInt64] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT device, lastWriteID FROM kvWriter") {
                let lastWriteID: Int64 = row["lastWriteID"]
                writers[row["device"]] = UInt64(clamping: lastWriteID)
            }
            return Contents(
                storeID: state["storeID"], lastRevision: state["lastRevision"], entries: entries, removed: removed,
                lastWriteIDs: writers)
        }
    }

    /// A row's `viaLink` column as the entry carries it (nil for a device's write).
    private static func viaLink(_ row: Row) -> Bool? {
        let flag: Bool = row["viaLink"]
        return flag ? true : nil
    }

    /// How many removals are kept (the newest): a link away for more removals than this misses the oldest.
    static let keptRemovals = 4096

    /// Stores `entry` (removes the key when its value is nil, keeping the removal among the newest), advances the revision counter and records the
    /// writer's write id, in one transaction on GRDB's writer, never on the caller's thread. Commits run in
    /// the order they are asked for; `completion` runs on the writer once this one is committed or failed.
    /// `valueJSON`, when given, is the value's JSON encoding (the service encodes it once to measure it).
    func commit(
        _ entry: KeyValueEntry, valueJSON: Data? = nil, writeID: UInt64?,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) {
        let json: String?
        do {
            json = try entry.value.map { value in
                String(decoding: try valueJSON ?? JSONEncoder().encode(value), as: UTF8.self)
            }
        } catch {
            return completion(.failure(error))
        }
        writes.asyncWrite(
            { db in
                // Cached statements: the commit is on the toggle's path, and preparing SQL is most of its cost.
                if let json {
                    try db.cachedStatement(
                        sql: """
                            INSERT INTO kv (key, value, revision, modified, writer, viaLink) VALUES (?, ?, ?, ?, ?, ?)
                            ON CONFLICT(key) DO UPDATE SET value = excluded.value, revision = excluded.revision,
                                modified = excluded.modified, writer = excluded.writer, viaLink = excluded.viaLink
                            """
                    ).execute(arguments: [
                        entry.key, json, entry.revision, entry.modified, entry.writer, entry.isViaLink,
                    ])
                    try db.cachedStatement(sql: "DELETE FROM kvRemoved WHERE key = ?").execute(arguments: [entry.key])
                } else {
                    try db.cachedStatement(sql: "DELETE FROM kv WHERE key = ?").execute(arguments: [entry.key])
                    try db.cachedStatement(
                        sql: """
                            INSERT OR REPLACE INTO kvRemoved (key, revision, modified, writer, viaLink)
                            VALUES (?, ?, ?, ?, ?)
                            """
                    ).execute(arguments: [entry.key, entry.revision, entry.modified, entry.writer, entry.isViaLink])
                    try db.cachedStatement(
                        sql: """
                            DELETE FROM kvRemoved WHERE revision <= (
                                SELECT revision FROM kvRemoved ORDER BY revision DESC LIMIT 1 OFFSET ?)
                            """
                    ).execute(arguments: [Self.keptRemovals])
                }
                try db.cachedStatement(sql: "UPDATE kvState SET lastRevision = ? WHERE id = 1")
                    .execute(arguments: [entry.revision])
                if let writeID {
                    try db.cachedStatement(
                        sql: """
                            INSERT INTO kvWriter (device, lastWriteID) VALUES (?, ?)
                            ON CONFLICT(device) DO UPDATE SET lastWriteID = excluded.lastWriteID
                            """
                    ).execute(arguments: [entry.writer, Int64(clamping: writeID)])
                }
            },
            completion: { _, result in completion(result) })
    }
}

/// The database does not hold what the migrations promise.
enum KeyValueTableError: Error, CustomStringConvertible {
    case missingState

    var description: String { "the kvState row is missing from account.sqlite" }
}
