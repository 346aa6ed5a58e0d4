import Foundation
import GRDB

/// The migrations of `account.sqlite`. Each service appends its own.
enum AccountSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: devices and activities") { db in
            try db.create(table: "device") { table in
                table.primaryKey("name", .text)
                table.column("firstSeen", .datetime).notNull()
                table.column("lastSeen", .datetime).notNull()
                table.column("apps", .text).notNull()
            }
            try db.create(table: "activity") { table in
                table.primaryKey("device", .text)
                table.column("bundleIdentifier", .text).notNull()
                table.column("teamIdentifier", .text).notNull()
                table.column("activityType", .text).notNull()
                table.column("title", .text).notNull()
                table.column("sequence", .integer).notNull()
                table.column("webpageURL", .text)
                table.column("supportsStreams", .boolean).notNull()
                table.column("advertisedAt", .datetime)
            }
        }
        migrator.registerMigration("v2: key-value store") { db in
            try db.create(table: "kv") { table in
                table.primaryKey("key", .text)
                table.column("value", .text).notNull()
                table.column("revision", .integer).notNull()
                table.column("modified", .datetime).notNull()
                table.column("writer", .text).notNull()
            }
            try db.create(table: "kvState") { table in
                table.primaryKey("id", .integer).check { $0 == 1 }
                table.column("storeID", .text).notNull()
                table.column("lastRevision", .integer).notNull()
            }
            try db.execute(
                sql: "INSERT INTO kvState (id, storeID, lastRevision) VALUES (1, ?, 0)",
                arguments: [UUID().uuidString])
            try db.create(table: "kvWriter") { table in
                table.primaryKey("device", .text)
                table.column("lastWriteID", .integer).notNull()
            }
        }
        migrator.registerMigration("v3: notifications") { db in
            try NotificationTable.createTables(db)
        }
        migrator.registerMigration("v4: device tokens") { db in
            try TokenTable.createTable(db)
        }
        migrator.registerMigration("v5: key-value removals") { db in
            // The newest removals (`KeyValueTable.keptRemovals`), for the account link's snapshot.
            try db.create(table: "kvRemoved") { table in
                table.primaryKey("key", .text)
                table.column("revision", .integer).notNull()
                table.column("modified", .datetime).notNull()
                table.column("writer", .text).notNull()
            }
        }
        migrator.registerMigration("v6: pushes from other machines taken") { db in
            // Each push from another machine once, by its server row (`TakenPushes`).
            try TakenPushes.createTable(db)
        }
        migrator.registerMigration("v7: freedesktop programs' names") { db in
            // The name a program gave itself (`app_name`), for F4's Settings and `baton notifications settings`.
            try db.alter(table: "notificationApp") { table in table.add(column: "name", .text) }
        }
        return migrator
    }
}
