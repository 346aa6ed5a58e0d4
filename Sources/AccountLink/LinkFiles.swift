import BatonEnvironment
import Foundation

/// What links this machine to an account, kept in the state directory: the link (server URL, machine name,
/// account role) and the account key, both 0600; and the link's cursor (how far it has read the server and
/// pushed the local store), so what happened while the server was away is sent when it is back.
public struct LinkFiles: Sendable {
    public let paths: BatonPaths

    public init(paths: BatonPaths) { self.paths = paths }

    public var link: URL { paths.linkRecord }
    public var key: URL { paths.stateDirectory.appendingPathComponent("account.key") }
    public var cursor: URL { paths.stateDirectory.appendingPathComponent("account-link-cursor.json") }
    public var lock: URL { paths.linkLock }
    /// The rows the link passed because they did not open (`SkippedRows`).
    public var skippedRows: URL { paths.stateDirectory.appendingPathComponent("account-link-skipped.json") }
    /// Pushes waiting for the server, and how far the link has read the server's pushes (`PushBridge`).
    public var pushOutbox: URL { paths.stateDirectory.appendingPathComponent("account-link-outbox.json") }
    public var pushCursor: URL { paths.stateDirectory.appendingPathComponent("account-link-push-cursor.json") }
    /// Pushes the daemon held while no link was attached (its `PushRelay`): dropped with the outbox at `leave`.
    public var relayHeld: URL { paths.stateDirectory.appendingPathComponent("account-relay-held.json") }

    /// This home's identifier in any account (random, made at its first create or join, kept after `leave`): two
    /// homes are two machines even when their names are the same.
    public var machineIdentifier: URL { paths.stateDirectory.appendingPathComponent("machine-id") }

    /// This home's identifier: the one it keeps, or a new one (kept by `keep(machineID:)` once a join succeeded,
    /// so a failed join writes nothing).
    public func machineID() -> String {
        if let data = FileManager.default.contents(atPath: machineIdentifier.path) {
            let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if !text.isEmpty { return text }
        }
        return UUID().uuidString.lowercased()
    }

    /// Keeps `identifier` as this home's (when it has none yet).
    public func keep(machineID identifier: String) throws(AccountLinkError) {
        guard !FileManager.default.fileExists(atPath: machineIdentifier.path) else { return }
        try Self.writePrivate(Data((identifier + "\n").utf8), to: machineIdentifier)
    }

    /// The link, or nil when this machine's account is local.
    public func readLink() throws(AccountLinkError) -> AccountLinkRecord? {
        guard let data = FileManager.default.contents(atPath: link.path) else { return nil }
        do {
            return try JSONDecoder().decode(AccountLinkRecord.self, from: data)
        } catch {
            throw .failed("\(link.path) is damaged (\(error)); 'baton account leave' removes it")
        }
    }

    public func readKey() throws(AccountLinkError) -> AccountKey {
        guard let data = FileManager.default.contents(atPath: key.path) else {
            throw .failed("the account key is missing (\(key.path)); join again with 'baton account join'")
        }
        return try AccountKey(text: String(decoding: data, as: UTF8.self))
    }

    public func readCursor() -> LinkCursor {
        FileManager.default.contents(atPath: cursor.path).flatMap {
            try? JSONDecoder().decode(LinkCursor.self, from: $0)
        }
            ?? LinkCursor()
    }

    public func write(link record: AccountLinkRecord, key accountKey: AccountKey) throws(AccountLinkError) {
        do {
            try paths.prepare()
        } catch {
            throw .failed("\(error)")
        }
        try Self.writePrivate(Data((accountKey.text + "\n").utf8), to: key)
        do {
            try Self.writePrivate(try JSONEncoder().encode(record), to: link)
        } catch let error as AccountLinkError {
            throw error
        } catch {
            throw .failed("cannot write \(link.path): \(error)")
        }
    }

    public func write(cursor value: LinkCursor) throws(AccountLinkError) {
        // No fsync: a cursor lost in a crash only means rows are read again and local changes sent again.
        try Self.writeJSON(value, to: cursor, durable: false)
    }

    /// Removes the link, the key, the cursors, the push outbox and the passed rows (never the local store): a later
    /// join, to this account or another, starts clean.
    public func remove() {
        for file in [link, key, cursor, pushOutbox, pushCursor, skippedRows, relayHeld] {
            try? FileManager.default.removeItem(at: file)
        }
    }

    /// Writes `data` to `url` with mode 0600, atomically (a temporary file renamed over it).
    static func writePrivate(_ data: Data, to url: URL, durable: Bool = true) throws(AccountLinkError) {
        do {
            try PrivateFile.write(data, to: url, durable: durable)
        } catch {
            throw .failed(error.description)
        }
    }
}

/// This machine's link to an account on a server.
public struct AccountLinkRecord: Codable, Sendable, Equatable {
    public var url: String
    public var machine: String
    /// The database role the account is (every row carries it).
    public var owner: String
}

/// How far the link has got: the server's change number it has applied, and the local store's revision it has
/// pushed.
public struct LinkCursor: Codable, Sendable, Equatable {
    public var serverSeq: Int64 = 0
    public var pushedRevision: Int64 = 0
    /// Set by a join of a home that was in another account: once the daemon's store is known, its keys are kept
    /// aside (not sent) but for those brought; the link then clears it.
    public var keepAside: Bring?
    /// The daemon store's revision when the join was made, if the daemon answered then: only keys written up to it
    /// are the other account's; a write made after the join (before the link first read the store) is this
    /// account's and is sent as any other. Without it, everything the link first reads is kept aside.
    public var keepAsideThrough: Int64?
    /// The newest revision of this machine's writes the server has confirmed holding (its mark, `pushOnce`): if the
    /// server's mark is ever found below it, the server lost writes (restored from a backup, failed over).
    public var sentRevision: Int64?
    /// Set when this home was found restored from an old copy (`checkHistory`): its writes from then on are sent as
    /// a store of their own (`pushStore`), so the server's mark of the old copy's numbers does not refuse them.
    public var storeEpoch: String?
    public init() {}

    /// The old keys a join from another account uploads on purpose (`join --bring KEYS…`, `--bring-all`).
    public enum Bring: Codable, Sendable, Equatable {
        case keys([String])
        case all
    }
}
