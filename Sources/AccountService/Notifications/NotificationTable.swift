import Foundation
import GRDB
import Logging
import Notifications

/// The notification service's rows in `account.sqlite`: pending requests, delivered notifications, each
/// app's settings, categories and badge per device, and pushes waiting for a disconnected device.
///
/// Every change is queued on GRDB's serial writer (`asyncWrite`), so the event loop never waits for the disk
/// and changes commit in the order they were made; `then` runs once the change committed.
struct NotificationTable: Sendable {
    let pool: DatabasePool
    let logger: Logger
    private let batcher: WriteBatcher

    init(writes: WriterQueue, logger: Logger) {
        pool = writes.pool
        self.logger = logger
        batcher = WriteBatcher(writes: writes, logger: logger)
    }

    /// A pending request as stored.
    struct PendingRow {
        var owner: NotificationOwner
        var request: NotificationRequest
        var anchor: Date
        var nextFire: Date?
    }

    /// An app's per-device state as stored.
    struct AppRow {
        var settings: NotificationSettings
        var categories: [NotificationCategory]
        var badge: Int?
        /// A freedesktop program's own name (`FreedesktopProgram.nameKey`), as it last gave it.
        var name: String? = nil
    }

    /// A push waiting for its device.
    struct WaitingPush {
        var sequence: Int64
        var device: String
        var notification: DeliveredNotification
        var collapseID: String?
        var expiration: Date?
    }

    /// Everything, read once at start.
    struct Contents {
        var pending: [PendingRow] = []
        /// Oldest first.
        var delivered: [(notification: DeliveredNotification, sequence: Int64, unsent: Bool)] = []
        var apps: [NotificationOwner: AppRow] = [:]
        var waiting: [WaitingPush] = []
        var knownApps: Set<String> = []
        var knownDevices: Set<String> = []
        /// When each registered device last connected, and its apps.
        var deviceSeen: [String: Date] = [:]
        var deviceApps: [String: Set<String>] = [:]
    }

    /// Everything but the pending requests due after `dueBy` (those come from `loadPending(after:)`), so a
    /// restarted daemon fires what it missed before it reads the rest.
    func load(dueBy: Date) throws -> Contents {
        try pool.read { db in
            let decoder = JSONDecoder()
            func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
                try decoder.decode(type, from: Data(text.utf8))
            }
            var contents = Contents()
            contents.pending = try Self.pending(
                db, sql: "SELECT * FROM notificationPending WHERE nextFire <= ?", dueBy.timeIntervalSince1970)
            for row in try Row.fetchAll(db, sql: "SELECT * FROM notificationDelivered ORDER BY sequence") {
                contents.delivered.append(
                    (try decode(DeliveredNotification.self, row["notification"]), row["sequence"], row["unsent"]))
            }
            for row in try Row.fetchAll(db, sql: "SELECT * FROM notificationApp") {
                let owner = NotificationOwner(bundleIdentifier: row["bundle"], device: row["device"])
                contents.apps[owner] = AppRow(
                    settings: try decode(NotificationSettings.self, row["settings"]),
                    categories: try decode([NotificationCategory].self, row["categories"]), badge: row["badge"],
                    name: row["name"])
            }
            for row in try Row.fetchAll(db, sql: "SELECT * FROM notificationPush ORDER BY sequence") {
                let expiration: Double? = row["expiration"]
                contents.waiting.append(
                    WaitingPush(
                        sequence: row["sequence"], device: row["device"],
                        notification: try decode(DeliveredNotification.self, row["notification"]),
                        collapseID: row["collapseID"], expiration: expiration.map(Date.init(timeIntervalSince1970:))))
            }
            for row in try Row.fetchAll(db, sql: "SELECT name, apps, lastSeen FROM device") {
                contents.knownDevices.insert(row["name"])
                contents.deviceSeen[row["name"]] = row["lastSeen"]
                let apps: String = row["apps"]
                if let descriptors = try? JSONSerialization.jsonObject(with: Data(apps.utf8)) as? [[String: Any]] {
                    for app in descriptors {
                        guard let bundle = app["bundleIdentifier"] as? String else { continue }
                        contents.knownApps.insert(bundle)
                        contents.deviceApps[row["name"], default: []].insert(bundle)
                    }
                }
            }
            return contents
        }
    }

    /// The pending requests due after `date`, and those that fire on events.
    func loadPending(after date: Date) throws -> [PendingRow] {
        try pool.read { db in
            try Self.pending(
                db, sql: "SELECT * FROM notificationPending WHERE nextFire IS NULL OR nextFire > ?",
                date.timeIntervalSince1970)
        }
    }

    private static func pending(_ db: Database, sql: String, _ argument: Double) throws -> [PendingRow] {
        let decoder = JSONDecoder()
        return try Row.fetchAll(db, sql: sql, arguments: [argument]).map { row in
            let nextFire: Double? = row["nextFire"]
            let request: String = row["request"]
            return PendingRow(
                owner: NotificationOwner(bundleIdentifier: row["bundle"], device: row["device"]),
                request: try decoder.decode(NotificationRequest.self, from: Data(request.utf8)),
                anchor: Date(timeIntervalSince1970: row["anchor"]),
                nextFire: nextFire.map(Date.init(timeIntervalSince1970:)))
        }
    }

    /// Queues `change` (committed with whatever else is queued, in order); logs a failure; runs `then` (on
    /// GRDB's queue) once its transaction ended, with whether it committed.
    func write(
        _ change: @escaping @Sendable (Database) throws -> Void,
        then: @escaping @Sendable (_ committed: Bool) -> Void = { _ in }
    ) {
        batcher.write(change, then: then)
    }

    /// `write`, committed at once on the caller's thread (the event loop) when the writer is idle, `then` run
    /// there right after (`WriteBatcher.writeAtOnceWhenIdle`); queued like `write` otherwise. For a fire: a
    /// few rows, no attachment copies to look up.
    func writeAtOnceWhenIdle(
        _ change: @escaping @Sendable (Database) throws -> Void, then: @escaping @Sendable (_ committed: Bool) -> Void
    ) {
        batcher.writeAtOnceWhenIdle(change, then: then)
    }

    // MARK: - Statements (run inside `write`; those on a fire's path are cached: prepared once per connection)

    static func json(_ value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    static func savePending(_ row: PendingRow, in db: Database) throws {
        // A replaced request's copies go unless the new one names them too (`AttachmentCleanup`).
        AttachmentCleanup.release(
            try AttachmentCleanup.pendingAttachments(row.owner, identifier: row.request.identifier, in: db), in: db)
        try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO notificationPending (bundle, device, identifier, request, anchor, nextFire)
                VALUES (?, ?, ?, ?, ?, ?)
                """
        ).execute(
            arguments: [
                row.owner.bundleIdentifier, row.owner.device, row.request.identifier, try json(row.request),
                row.anchor.timeIntervalSince1970, row.nextFire?.timeIntervalSince1970,
            ])
    }

    static func deletePending(_ owner: NotificationOwner, identifiers: [String], in db: Database) throws {
        for identifier in identifiers {
            AttachmentCleanup.release(
                try AttachmentCleanup.pendingAttachments(owner, identifier: identifier, in: db), in: db)
            try db.cachedStatement(
                sql: "DELETE FROM notificationPending WHERE bundle = ? AND device = ? AND identifier = ?"
            ).execute(arguments: [owner.bundleIdentifier, owner.device, identifier])
        }
    }

    /// Writes the delivered row of `notification`, encoding it.
    static func saveDelivered(
        _ notification: DeliveredNotification, sequence: Int64, unsent: Bool, in db: Database
    ) throws {
        try saveDelivered(notification, json: try json(notification), sequence: sequence, unsent: unsent, in: db)
    }

    /// Writes the delivered row of `notification`, whose JSON is `json` (`EncodedDelivery.body`).
    static func saveDelivered(
        _ notification: DeliveredNotification, json: String, sequence: Int64, unsent: Bool, in db: Database
    ) throws {
        AttachmentCleanup.release(
            try AttachmentCleanup.deliveredAttachments(
                notification.owner, identifier: notification.request.identifier, in: db), in: db)
        try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO notificationDelivered (bundle, device, identifier, notification, sequence, unsent)
                VALUES (?, ?, ?, ?, ?, ?)
                """
        ).execute(
            arguments: [
                notification.owner.bundleIdentifier, notification.owner.device, notification.request.identifier,
                json, sequence, unsent,
            ])
    }

    static func deleteDelivered(_ owner: NotificationOwner, identifiers: [String], in db: Database) throws {
        for identifier in identifiers {
            AttachmentCleanup.release(
                try AttachmentCleanup.deliveredAttachments(owner, identifier: identifier, in: db), in: db)
            try db.cachedStatement(
                sql: "DELETE FROM notificationDelivered WHERE bundle = ? AND device = ? AND identifier = ?"
            ).execute(arguments: [owner.bundleIdentifier, owner.device, identifier])
        }
    }

    static func markSent(_ owner: NotificationOwner, identifiers: [String], in db: Database) throws {
        for identifier in identifiers {
            try db.cachedStatement(
                sql: "UPDATE notificationDelivered SET unsent = 0 WHERE bundle = ? AND device = ? AND identifier = ?"
            ).execute(arguments: [owner.bundleIdentifier, owner.device, identifier])
        }
    }

    static func saveApp(_ owner: NotificationOwner, _ app: AppRow, in db: Database) throws {
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO notificationApp (bundle, device, settings, categories, badge, name)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                owner.bundleIdentifier, owner.device, try json(app.settings), try json(app.categories), app.badge,
                app.name,
            ])
    }

    static func queuePush(_ push: WaitingPush, in db: Database) throws {
        try db.execute(
            sql:
                "INSERT INTO notificationPush (sequence, device, notification, collapseID, expiration) VALUES (?, ?, ?, ?, ?)",
            arguments: [
                push.sequence, push.device, try json(push.notification), push.collapseID,
                push.expiration?.timeIntervalSince1970,
            ])
    }

    /// Forgets a device: its registration, the pushes waiting for it, its apps' settings, categories and
    /// device tokens.
    static func forgetDevice(_ name: String, in db: Database) throws {
        try db.execute(sql: "DELETE FROM device WHERE name = ?", arguments: [name])
        try db.execute(sql: "DELETE FROM notificationPush WHERE device = ?", arguments: [name])
        try db.execute(sql: "DELETE FROM notificationApp WHERE device = ?", arguments: [name])
        try db.execute(sql: "DELETE FROM notificationToken WHERE device = ?", arguments: [name])
    }

    static func deletePushes(_ sequences: [Int64], in db: Database) throws {
        for sequence in sequences {
            AttachmentCleanup.release(try AttachmentCleanup.pushAttachments(sequence, in: db), in: db)
            try db.execute(sql: "DELETE FROM notificationPush WHERE sequence = ?", arguments: [sequence])
        }
    }
}
