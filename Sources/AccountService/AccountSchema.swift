import Foundation
import GRDB

/// The migrations of `account.sqlite`: history, not code. Each holds the SQL it ran when it was written and calls
/// nothing that can change later (a helper changed today must not change what an old migration does to a user's
/// old database); a change of schema is a new migration at the end. `AccountSchemaHistoryTests` upgrades a database
/// made at every past version, with rows in it, and checks that nothing is lost.
enum AccountSchema {
    /// Every migration, oldest first: its identifier and its SQL.
    static let history: [(identifier: String, sql: String)] = [
        (
            "v1: devices and activities",
            """
            CREATE TABLE "device" ("name" TEXT PRIMARY KEY NOT NULL, "firstSeen" DATETIME NOT NULL,
                "lastSeen" DATETIME NOT NULL, "apps" TEXT NOT NULL);
            CREATE TABLE "activity" ("device" TEXT PRIMARY KEY NOT NULL, "bundleIdentifier" TEXT NOT NULL,
                "teamIdentifier" TEXT NOT NULL, "activityType" TEXT NOT NULL, "title" TEXT NOT NULL,
                "sequence" INTEGER NOT NULL, "webpageURL" TEXT, "supportsStreams" BOOLEAN NOT NULL,
                "advertisedAt" DATETIME);
            """
        ),
        (
            "v2: key-value store",
            """
            CREATE TABLE "kv" ("key" TEXT PRIMARY KEY NOT NULL, "value" TEXT NOT NULL, "revision" INTEGER NOT NULL,
                "modified" DATETIME NOT NULL, "writer" TEXT NOT NULL);
            CREATE TABLE "kvState" ("id" INTEGER PRIMARY KEY CHECK ("id" = 1), "storeID" TEXT NOT NULL,
                "lastRevision" INTEGER NOT NULL);
            INSERT INTO kvState (id, storeID, lastRevision) VALUES (1, upper(
                substr(hex(randomblob(16)), 1, 8) || '-' || substr(hex(randomblob(16)), 1, 4) || '-' ||
                substr(hex(randomblob(16)), 1, 4) || '-' || substr(hex(randomblob(16)), 1, 4) || '-' ||
                substr(hex(randomblob(16)), 1, 12)), 0);
            CREATE TABLE "kvWriter" ("device" TEXT PRIMARY KEY NOT NULL, "lastWriteID" INTEGER NOT NULL);
            """
        ),
        (
            "v3: notifications",
            """
            CREATE TABLE "notificationPending" ("bundle" TEXT NOT NULL, "device" TEXT NOT NULL,
                "identifier" TEXT NOT NULL, "request" TEXT NOT NULL, "anchor" DOUBLE NOT NULL, "nextFire" DOUBLE,
                PRIMARY KEY ("bundle", "device", "identifier"));
            CREATE TABLE "notificationDelivered" ("bundle" TEXT NOT NULL, "device" TEXT NOT NULL,
                "identifier" TEXT NOT NULL, "notification" TEXT NOT NULL, "sequence" INTEGER NOT NULL,
                "unsent" BOOLEAN NOT NULL, PRIMARY KEY ("bundle", "device", "identifier"));
            CREATE TABLE "notificationApp" ("bundle" TEXT NOT NULL, "device" TEXT NOT NULL,
                "settings" TEXT NOT NULL, "categories" TEXT NOT NULL, "badge" INTEGER,
                PRIMARY KEY ("bundle", "device"));
            CREATE TABLE "notificationPush" ("sequence" INTEGER PRIMARY KEY AUTOINCREMENT, "device" TEXT NOT NULL,
                "notification" TEXT NOT NULL, "collapseID" TEXT, "expiration" DOUBLE);
            """
        ),
        (
            "v4: device tokens",
            """
            CREATE TABLE "notificationToken" ("token" TEXT PRIMARY KEY NOT NULL, "bundle" TEXT NOT NULL,
                "device" TEXT NOT NULL, "registered" DOUBLE NOT NULL, "unregistered" DOUBLE);
            """
        ),
        (
            // The newest removals (`KeyValueTable.keptRemovals`), for the account link's snapshot.
            "v5: key-value removals",
            """
            CREATE TABLE "kvRemoved" ("key" TEXT PRIMARY KEY NOT NULL, "revision" INTEGER NOT NULL,
                "modified" DATETIME NOT NULL, "writer" TEXT NOT NULL);
            """
        ),
        (
            // Each push from another machine once, by its server row (`TakenPushes`).
            "v6: pushes from other machines taken",
            """
            CREATE TABLE "notificationTaken" ("sequence" INTEGER PRIMARY KEY AUTOINCREMENT,
                "row" TEXT NOT NULL UNIQUE, "takenAt" DOUBLE NOT NULL);
            CREATE INDEX "notificationTaken_on_takenAt" ON "notificationTaken"("takenAt");
            """
        ),
        (
            // The name a program gave itself (`app_name`), for F4's Settings and `baton notifications settings`.
            "v7: freedesktop programs' names",
            """
            ALTER TABLE "notificationApp" ADD COLUMN "name" TEXT;
            """
        ),
        (
            // Until v8 a write counted as the account link's when its writer's name began with `machine:`; from v8
            // the daemon marks the writes of the connection it granted as the link (`LinkService`). Rows from
            // before keep the meaning they had.
            "v8: the link's writes known by its connection",
            """
            ALTER TABLE kv ADD COLUMN viaLink BOOLEAN NOT NULL DEFAULT 0;
            ALTER TABLE kvRemoved ADD COLUMN viaLink BOOLEAN NOT NULL DEFAULT 0;
            UPDATE kv SET viaLink = 1 WHERE substr(writer, 1, 8) = 'machine:';
            UPDATE kvRemoved SET viaLink = 1 WHERE substr(writer, 1, 8) = 'machine:';
            """
        ),
    ]

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for (identifier, sql) in history {
            migrator.registerMigration(identifier) { db in try db.execute(sql: sql) }
        }
        return migrator
    }
}
