import Foundation
import GRDB
import Logging
import Notifications
import Testing

@testable import AccountService

/// Issue 28, finding 9, in process: an attachment copy lives as long as a pending request, a delivered
/// notification or a waiting push names it, and goes once the last one that did is deleted or replaced and
/// that change committed; the start sweep removes old copies no row names.
@Suite struct AttachmentCleanupTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cleanup-\(UUID().uuidString)")
    var store: URL { directory.appendingPathComponent(AttachmentStore.directoryName) }
    let owner = NotificationOwner(bundleIdentifier: "com.example.app", device: "d")

    func copy(_ name: String) throws -> NotificationAttachment {
        try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
        let url = store.appendingPathComponent(name)
        try Data(count: 10).write(to: url)
        return NotificationAttachment(identifier: name, url: url, type: .image)
    }

    func request(_ identifier: String, _ attachments: [NotificationAttachment]) -> NotificationRequest {
        NotificationRequest(
            identifier: identifier, content: NotificationContent(title: "t", attachments: attachments),
            trigger: .timeInterval(seconds: 60, repeats: false))
    }

    func open() throws -> AccountStore {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return try AccountStore(url: directory.appendingPathComponent("account.sqlite"), logger: Logger(label: "test"))
    }

    func exists(_ attachment: NotificationAttachment) -> Bool {
        FileManager.default.fileExists(atPath: attachment.url.path)
    }

    @Test func aCopyGoesWithTheLastRowThatNamesIt() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try open()
        let photo = try copy("A.png")
        let pending = request("r", [photo])
        try database.pool.write { db in
            try NotificationTable.savePending(
                .init(owner: owner, request: pending, anchor: Date(), nextFire: nil), in: db)
        }
        #expect(exists(photo))
        // It fires: the pending row goes and the delivered one names the same copy, in one transaction.
        try database.pool.write { db in
            try NotificationTable.deletePending(owner, identifiers: ["r"], in: db)
            try NotificationTable.saveDelivered(
                DeliveredNotification(owner: owner, request: pending, date: Date()), sequence: 1, unsent: false,
                in: db)
        }
        #expect(exists(photo))
        // A change that rolls back keeps it.
        struct Abandon: Error {}
        #expect(throws: Abandon.self) {
            try database.pool.write { db in
                try NotificationTable.deleteDelivered(owner, identifiers: ["r"], in: db)
                throw Abandon()
            }
        }
        #expect(exists(photo))
        // Replaced by a notification without it: it goes.
        try database.pool.write { db in
            try NotificationTable.saveDelivered(
                DeliveredNotification(owner: owner, request: request("r", []), date: Date()), sequence: 2,
                unsent: false, in: db)
        }
        #expect(!exists(photo))
        // A delivered record dropped (or removed) takes its copy.
        let other = try copy("B.png")
        try database.pool.write { db in
            try NotificationTable.saveDelivered(
                DeliveredNotification(owner: owner, request: request("s", [other]), date: Date()), sequence: 3,
                unsent: false, in: db)
        }
        try database.pool.write { db in try NotificationTable.deleteDelivered(owner, identifiers: ["s"], in: db) }
        #expect(!exists(other))
    }

    @Test func theStartSweepRemovesOldCopiesNoRowNames() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try open()
        let named = try copy("N.png")
        let orphan = try copy("O.png")
        try database.pool.write { db in
            try NotificationTable.savePending(
                .init(owner: owner, request: request("n", [named]), anchor: Date(), nextFire: nil), in: db)
        }
        let logger = Logger(label: "test")
        // Fresh copies are left alone (a `notify` may be about to name one).
        #expect(AttachmentCleanup.sweep(directory: store, pool: database.pool, logger: logger) == 0)
        let later = Date().addingTimeInterval(AttachmentCleanup.sweepGrace + 3600)
        #expect(AttachmentCleanup.sweep(directory: store, pool: database.pool, now: later, logger: logger) == 1)
        #expect(exists(named))
        #expect(!exists(orphan))
    }
}
