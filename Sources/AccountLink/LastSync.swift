import Foundation

/// What a home remembers of the account it left (`account-link-last-sync.json`, kept after `leave`): which
/// account, on which server, and the newest local revision it had sent. A later `join` of the same account sends
/// only what changed here since then and takes the server's state for the rest; a join of another account sends
/// nothing it had (docs/consistency.md).
public struct LastSync: Codable, Sendable, Equatable {
    public var owner: String
    /// The server as `ServerAddress.redacted` shows it (host, port, database; no password).
    public var server: String
    public var pushedRevision: Int64
    /// The server's mark of this machine when it left (`baton.machines.kv_store`, `kv_revision`: the newest revision
    /// of its store it had written), read in the transaction that removed its row. A re-join puts it back, so a
    /// write sent before the leave whose answer or cursor was lost is not written a second time after later rows.
    public var mark: Mark?

    /// The server's mark of a machine: the store it wrote from and the newest revision of it written.
    public struct Mark: Codable, Sendable, Equatable {
        public var store: String
        public var revision: Int64
    }

    /// Whether `record` names the account this was.
    func isAccount(of record: AccountLinkRecord) throws(AccountLinkError) -> Bool {
        let address = try ServerAddress(url: record.url)
        return owner == record.owner && server == address.redacted
    }
}

extension LinkFiles {
    public var lastSync: URL { paths.stateDirectory.appendingPathComponent("account-link-last-sync.json") }

    func readLastSync() -> LastSync? {
        FileManager.default.contents(atPath: lastSync.path).flatMap {
            try? JSONDecoder().decode(LastSync.self, from: $0)
        }
    }

    /// Remembers how far the link of `record` had sent this home's store, and the server's mark of it (at `leave`).
    func rememberLastSync(of record: AccountLinkRecord, pushedRevision: Int64, mark: LastSync.Mark?)
        throws(AccountLinkError)
    {
        let server = try ServerAddress(url: record.url).redacted
        try Self.writeJSON(
            LastSync(owner: record.owner, server: server, pushedRevision: pushedRevision, mark: mark), to: lastSync)
    }

    /// The mark a join of `owner` on `server` puts back: the one this home left that account with, if it did.
    func markToRestore(owner: String, server: String) -> LastSync.Mark? {
        guard let last = readLastSync(), last.owner == owner, last.server == server else { return nil }
        return last.mark
    }

    /// The cursor a home starts from when it joins `record`'s account: after a leave of the same account, every
    /// server row is read again and only local writes newer than the last sync are sent; after another account,
    /// nothing it holds at the join (`storeRevision`, the daemon's revision then) is sent unless brought
    /// (`LinkCursor.keepAside`); a home never linked sends its store.
    func startingCursor(joining record: AccountLinkRecord, bring: LinkCursor.Bring, storeRevision: Int64?)
        throws(AccountLinkError) -> LinkCursor?
    {
        guard let last = readLastSync() else { return nil }
        var cursor = LinkCursor()
        if try last.isAccount(of: record) {
            cursor.pushedRevision = last.pushedRevision
        } else {
            cursor.keepAside = bring
            cursor.keepAsideThrough = storeRevision
        }
        return cursor
    }
}
