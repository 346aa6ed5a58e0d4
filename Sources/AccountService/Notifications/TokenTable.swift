import Foundation
import GRDB
import Notifications

/// The device tokens in `account.sqlite` (`notificationToken`): one row per token ever given, valid or
/// unregistered (an unregistered token is kept so a push to it is answered `Unregistered` with its time).
enum TokenTable {
    /// Every token, by token.
    static func load(_ pool: DatabasePool) throws -> [String: DeviceToken] {
        try pool.read { db in
            var tokens: [String: DeviceToken] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT * FROM notificationToken") {
                let unregistered: Double? = row["unregistered"]
                let token = DeviceToken(
                    token: row["token"],
                    owner: NotificationOwner(bundleIdentifier: row["bundle"], device: row["device"]),
                    registered: Date(timeIntervalSince1970: row["registered"]),
                    unregistered: unregistered.map(Date.init(timeIntervalSince1970:)))
                tokens[token.token] = token
            }
            return tokens
        }
    }

    /// How many unregistered tokens are kept per app per device (the newest; older ones are forgotten and a
    /// push to them is `BadDeviceToken`), so registering and unregistering in a loop cannot grow the table.
    static let unregisteredKeptPerOwner = 4

    /// Forgets `tokens`.
    static func delete(_ tokens: [String], in db: Database) throws {
        for token in tokens { try db.execute(sql: "DELETE FROM notificationToken WHERE token = ?", arguments: [token]) }
    }

    /// Writes `token` (a new one, or one now unregistered).
    static func save(_ token: DeviceToken, in db: Database) throws {
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO notificationToken (token, bundle, device, registered, unregistered)
                VALUES (?, ?, ?, ?, ?)
                """,
            arguments: [
                token.token, token.owner.bundleIdentifier, token.owner.device, token.registered.timeIntervalSince1970,
                token.unregistered?.timeIntervalSince1970,
            ])
    }
}
