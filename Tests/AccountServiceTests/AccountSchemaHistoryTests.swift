import Foundation
import GRDB
import TestSupport
import Testing

@testable import AccountService

/// Migrations are history (issue 37): a database made at every past version, with rows of what that version kept,
/// upgrades to today's with nothing lost; and no migration calls code that can change later (each is its own SQL).
@Suite struct AccountSchemaHistoryTests {
    /// Rows each version's tables can hold, written right after that version's migration.
    private static let rowsAt: [Int: String] = [
        1: """
        INSERT INTO device VALUES ('laptop:pts/1', '2026-01-01 00:00:00.000', '2026-01-02 00:00:00.000', '[]');
        INSERT INTO activity VALUES ('laptop:pts/1', 'b', 't', 'browse', 'A page', 3, 'https://example.com', 1, NULL);
        """,
        2: """
        INSERT INTO kv VALUES ('favourite', '{"string":"R001"}', 1, '2026-01-01 00:00:00.000', 'laptop:pts/1');
        INSERT INTO kv VALUES ('from.desk', '{"int":7}', 2, '2026-01-01 00:00:00.000', 'machine:desk');
        UPDATE kvState SET lastRevision = 2;
        INSERT INTO kvWriter VALUES ('laptop:pts/1', 4);
        """,
        3: """
        INSERT INTO notificationApp VALUES ('com.example.tea', 'laptop:pts/1', '{}', '[]', 2);
        INSERT INTO notificationPush (device, notification) VALUES ('laptop:pts/1', '{}');
        """,
        4: "INSERT INTO notificationToken VALUES ('abc', 'com.example.tea', 'laptop:pts/1', 1.5, NULL);",
        5: "INSERT INTO kvRemoved VALUES ('gone', 3, '2026-01-01 00:00:00.000', 'machine:desk');",
        6: "INSERT INTO notificationTaken (row, takenAt) VALUES ('push-1', 2.5);",
        7: "UPDATE notificationApp SET name = 'Tea Timer';",
        8: "INSERT INTO kv VALUES ('named', '{\"bool\":true}', 4, '2026-01-01 00:00:00.000', 'machine:pts/3', 0);",
    ]

    /// A database at `version`, with every version's rows up to it, then upgraded to today's.
    private func upgraded(from version: Int) throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        let history = AccountSchema.history
        var migrator = AccountSchema.migrator
        for index in 0..<version {
            var upTo = DatabaseMigrator()
            for (identifier, sql) in history.prefix(index + 1) {
                upTo.registerMigration(identifier) { db in try db.execute(sql: sql) }
            }
            try upTo.migrate(queue)
            if let rows = Self.rowsAt[index + 1] { try queue.write { db in try db.execute(sql: rows) } }
        }
        migrator.eraseDatabaseOnSchemaChange = false
        try migrator.migrate(queue)
        return queue
    }

    @Test(arguments: 1...AccountSchema.history.count)
    func aDatabaseMadeAtAPastVersionUpgradesWithNothingLost(version: Int) throws {
        let queue = try upgraded(from: version)
        try queue.read { db in
            let applied = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
            #expect(applied.count == AccountSchema.history.count)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM device") == 1)
            if version >= 2 {
                #expect(
                    try String.fetchOne(db, sql: "SELECT value FROM kv WHERE key = 'favourite'")
                        == #"{"string":"R001"}"#)
                #expect(try Int.fetchOne(db, sql: "SELECT lastRevision FROM kvState") == 2)
                // Before v8, a `machine:` writer was the link's; from v8 the flag says it, and keeps that meaning.
                #expect(try Bool.fetchOne(db, sql: "SELECT viaLink FROM kv WHERE key = 'from.desk'") == true)
                #expect(try Bool.fetchOne(db, sql: "SELECT viaLink FROM kv WHERE key = 'favourite'") == false)
            }
            if version >= 3 { #expect(try Int.fetchOne(db, sql: "SELECT badge FROM notificationApp") == 2) }
            if version >= 4 { #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM notificationToken") == 1) }
            if version >= 5 {
                #expect(try Bool.fetchOne(db, sql: "SELECT viaLink FROM kvRemoved WHERE key = 'gone'") == true)
            }
            if version >= 6 { #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM notificationTaken") == 1) }
            if version >= 7 { #expect(try String.fetchOne(db, sql: "SELECT name FROM notificationApp") == "Tea Timer") }
            if version >= 8 {
                // A device named like a machine, written at v8: a device's write.
                #expect(try Bool.fetchOne(db, sql: "SELECT viaLink FROM kv WHERE key = 'named'") == false)
            }
        }
    }

    /// What each past migration was; editing one fails here (a change of schema is a new migration).
    static let recorded = [
        "e07b2eb8b767db02", "481e805d80c2f8cc", "520f88e1cf62e4", "ad0b0c8c2b97f4cf", "58fcb6dfe500f0d3",
        "7ee490280e473c11", "51c8bd7ac6e4bd48", "3e53913efe813a4a",
    ]

    @Test func noPastMigrationIsEdited() {
        let digests = AccountSchema.history.map { MigrationDigest.of($0.identifier + "\n" + $0.sql) }
        #expect(digests.count >= Self.recorded.count)
        for (index, digest) in Self.recorded.enumerated() where index < digests.count {
            #expect(digests[index] == digest, "migration \(index + 1) was edited: add a new migration instead")
        }
    }

    /// Today's schema from the history is what the daemon opens: every table the services read is there.
    @Test func theHistoryMakesTheTablesTheServicesRead() throws {
        let queue = try upgraded(from: 0)
        let tables = try queue.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        }
        for table in [
            "activity", "device", "kv", "kvRemoved", "kvState", "kvWriter", "notificationApp", "notificationDelivered",
            "notificationPending", "notificationPush", "notificationTaken", "notificationToken",
        ] {
            #expect(tables.contains(table), "\(table) missing: \(tables)")
        }
    }
}
