import Foundation
import GRDB

/// The pushes from other machines this daemon has taken, by the account server's row they came in
/// (`PushIntake.row`): in `account.sqlite` (`notificationTaken`) and in memory.
///
/// The account link keeps its push cursor below every post the daemon has not answered, so a push this daemon
/// committed but did not answer before it died (or whose answer a dying link never saved) is posted again by the
/// next link; it is answered, not delivered or queued again. Each id is written in the transaction that delivers,
/// queues or holds its push (or sets its badges), never apart from it, so a crash cannot leave a push delivered
/// and not marked, or marked and not delivered. Ids are kept for the server's push lifetime (30 days, as
/// `baton.forget_pushes`) and at most `keptAtMost` of them, the oldest going first, pruned in the same writes.
struct TakenPushes {
    /// How long an id is kept: no row of the server is older.
    static let keptFor: TimeInterval = 30 * 24 * 3600
    /// How many ids are kept at most. A link posts again only what the daemon had not answered when one of them
    /// stopped: the posts of a few moments, far fewer than this.
    static let keptAtMost = 4096

    private var ids: Set<String> = []
    /// The ids in the order they were taken, with when.
    private var order: [(row: String, at: Date)] = []

    /// Every id kept, read once at start.
    static func load(_ pool: DatabasePool) throws -> TakenPushes {
        try pool.read { db in
            var taken = TakenPushes()
            for row in try Row.fetchAll(db, sql: "SELECT row, takenAt FROM notificationTaken ORDER BY sequence") {
                taken.remember(row["row"], at: Date(timeIntervalSince1970: row["takenAt"]))
            }
            return taken
        }
    }

    func contains(_ row: String) -> Bool { ids.contains(row) }

    /// Marks `row` taken at `now`: in memory at once (a second post finds it, even before the commit), and returns
    /// the statements that record it and prune the table, for the push's own transaction.
    mutating func take(_ row: String, at now: Date) -> @Sendable (Database) throws -> Void {
        remember(row, at: now)
        let takenAt = now.timeIntervalSince1970
        let cutoff = now.addingTimeInterval(-Self.keptFor).timeIntervalSince1970
        return { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO notificationTaken (row, takenAt) VALUES (?, ?)", arguments: [row, takenAt])
            try db.execute(
                sql: """
                    DELETE FROM notificationTaken
                    WHERE takenAt < ? OR sequence <= (SELECT max(sequence) FROM notificationTaken) - ?
                    """,
                arguments: [cutoff, Self.keptAtMost])
        }
    }

    /// Forgets `row` in memory: its transaction did not commit, and the link posts it again.
    mutating func forget(_ row: String) {
        guard ids.remove(row) != nil else { return }
        order.removeAll { $0.row == row }
    }

    private mutating func remember(_ row: String, at date: Date) {
        guard ids.insert(row).inserted else { return }
        order.append((row, date))
        let cutoff = date.addingTimeInterval(-Self.keptFor)
        let old = order.prefix { $0.at < cutoff }.count
        let gone = max(old, order.count - Self.keptAtMost)
        guard gone > 0 else { return }
        for taken in order.prefix(gone) { ids.remove(taken.row) }
        order.removeFirst(gone)
    }
}
