import GRDB

/// The migrations of `account.sqlite`. Later services (key-value store, notifications) append theirs.
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
        return migrator
    }
}
