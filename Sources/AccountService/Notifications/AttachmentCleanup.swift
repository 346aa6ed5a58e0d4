import Foundation
import GRDB
import Logging
import Notifications

/// Attachment copies belong to their notification: a copy in the store (`AttachmentStore`) is removed once no
/// pending request, delivered notification or waiting push names it, that is when its request is removed or
/// replaced, or its delivered record is dropped. The rows' statements call `release` before they delete or
/// replace a row; the copies go after the transaction commits (a rolled-back change keeps them). `sweep`
/// removes, at start, copies no row names that are older than a grace period (a `baton notify` may have just
/// copied one and be waiting for the daemon to start).
enum AttachmentCleanup {
    /// How old an unnamed copy must be before the start sweep removes it.
    static let sweepGrace: TimeInterval = 600

    /// Once the current transaction commits, removes each store copy among `attachments` that no row names.
    static func release(_ attachments: [NotificationAttachment], in db: Database) {
        let copies = attachments.map(\.url).filter(AttachmentStore.isCopy)
        guard !copies.isEmpty else { return }
        db.afterNextTransaction(onCommit: { db in
            for url in copies where (try? isNamed(url.lastPathComponent, in: db)) == false { unlink(url.path) }
        })
    }

    /// The attachments of the pending request `owner`/`identifier`, if it has store copies.
    static func pendingAttachments(
        _ owner: NotificationOwner, identifier: String, in db: Database
    ) throws -> [NotificationAttachment] {
        try row(NotificationRequest.self, of: owner, identifier: identifier, pending: true, in: db)
            .flatMap(\.content.attachments)
    }

    /// The attachments of the delivered notification `owner`/`identifier`, if it has store copies.
    static func deliveredAttachments(
        _ owner: NotificationOwner, identifier: String, in db: Database
    ) throws -> [NotificationAttachment] {
        try row(DeliveredNotification.self, of: owner, identifier: identifier, pending: false, in: db)
            .flatMap(\.request.content.attachments)
    }

    /// The attachments of the waiting push `sequence`, if it has store copies.
    static func pushAttachments(_ sequence: Int64, in db: Database) throws -> [NotificationAttachment] {
        try rows(
            DeliveredNotification.self, table: "notificationPush", column: "notification", where: "sequence = ?",
            arguments: [sequence], in: db
        ).flatMap(\.request.content.attachments)
    }

    /// Removes the copies in `directory` that no row names and that were last changed `grace` seconds or
    /// more before `now`; returns how many.
    @discardableResult
    static func sweep(
        directory: URL, pool: DatabasePool, now: Date = Date(), grace: TimeInterval = sweepGrace, logger: Logger
    ) -> Int {
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path), !files.isEmpty,
            let named = try? pool.read(namedCopies)
        else { return 0 }
        var removed = 0
        for name in files where !named.contains(name) {
            let path = directory.appendingPathComponent(name).path
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            let changed = Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec))
            if now.timeIntervalSince(changed) >= grace, unlink(path) == 0 { removed += 1 }
        }
        if removed > 0 {
            logger.notice("removed attachment copies no notification names", metadata: ["count": "\(removed)"])
        }
        return removed
    }

    // MARK: - Rows

    private static let tables = [
        ("notificationPending", "request"), ("notificationDelivered", "notification"),
        ("notificationPush", "notification"),
    ]

    /// The pending or delivered row of `owner`/`identifier`, when it names a store copy.
    private static func row<Row: Decodable>(
        _ type: Row.Type, of owner: NotificationOwner, identifier: String, pending: Bool, in db: Database
    ) throws -> [Row] {
        try rows(
            type, table: pending ? "notificationPending" : "notificationDelivered",
            column: pending ? "request" : "notification", where: "bundle = ? AND device = ? AND identifier = ?",
            arguments: [owner.bundleIdentifier, owner.device, identifier], in: db)
    }

    /// The rows of `table` matching `condition` whose `column` names a store copy, decoded.
    private static func rows<Row: Decodable>(
        _ type: Row.Type, table: String, column: String, where condition: String, arguments: StatementArguments,
        in db: Database
    ) throws -> [Row] {
        // Cached: a fire looks up its rows here (three tables, two conditions: a few statements in all).
        try String.fetchAll(
            db.cachedStatement(
                sql: "SELECT \(column) FROM \(table) WHERE \(condition) AND instr(\(column), ?) > 0"),
            arguments: arguments + [AttachmentStore.directoryName]
        ).compactMap { try? JSONDecoder().decode(Row.self, from: Data($0.utf8)) }
    }

    /// Whether any row still names the copy `name`.
    private static func isNamed(_ name: String, in db: Database) throws -> Bool {
        for (table, column) in tables {
            if try Bool.fetchOne(
                db, sql: "SELECT EXISTS(SELECT 1 FROM \(table) WHERE instr(\(column), ?) > 0)", arguments: [name])
                == true
            {
                return true
            }
        }
        return false
    }

    /// The names of every copy some row names.
    private static func namedCopies(_ db: Database) throws -> Set<String> {
        var names: Set<String> = []
        for (table, column) in tables {
            let rows = try String.fetchAll(
                db, sql: "SELECT \(column) FROM \(table) WHERE instr(\(column), ?) > 0",
                arguments: [AttachmentStore.directoryName])
            for row in rows { names.formUnion(AttachmentStore.names(in: row)) }
        }
        return names
    }
}
