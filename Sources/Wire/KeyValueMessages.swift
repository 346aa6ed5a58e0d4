import Foundation

/// One key of the store as the daemon holds it: value (nil: removed), revision, when and by whom.
public struct KeyValueEntry: Codable, Hashable, Sendable {
    public var key: String
    /// The value; nil when the change removed the key.
    public var value: PropertyListValue?
    /// The daemon's write counter when this value was stored; later writes have larger revisions.
    public var revision: Int64
    public var modified: Date
    /// The device (or `cli` tool) that wrote it; for a value the account link brought, the machine it came from.
    public var writer: String
    /// True when the account link wrote it (a connection the daemon granted as the link, `LinkHello`): the value
    /// came from the server. Nil or false for every device's and tool's write, whatever its writer's name.
    public var viaLink: Bool?

    public init(
        key: String, value: PropertyListValue?, revision: Int64, modified: Date, writer: String, viaLink: Bool? = nil
    ) {
        self.key = key
        self.value = value
        self.revision = revision
        self.modified = modified
        self.writer = writer
        self.viaLink = viaLink
    }

    /// Whether the account link wrote it (`viaLink`).
    public var isViaLink: Bool { viaLink == true }
}

/// Client → daemon: set (or with a nil value remove) one key. Answered by `KeyValueWritten` or `KeyValueRejected`.
public struct KeyValueWrite: Codable, Hashable, Sendable {
    public var requestID: UInt64
    public var key: String
    public var value: PropertyListValue?
    /// The writing device's own increasing write number, so a write resent after a reconnect is applied once.
    /// Nil for one-shot writers (the CLI).
    public var writeID: UInt64?
    /// The writer's name when the connection has not registered a device (the CLI).
    public var writer: String?
    /// The account link's condition on a write it brings from the server: the newest revision of the key it has
    /// heard of. The daemon refuses the write (answers with no revision) when the key holds a newer write that is
    /// not the link's own (`KeyValueEntry.viaLink`): a device's acknowledged write the link has not heard yet is
    /// never overwritten by an older server row (the link sends it, ordered after that row, once it hears it).
    /// Read only on the link's connection.
    public var unlessNewerThan: Int64?
    /// The link writes this value as the machine's own, not as one from the server (keys a home brings when it
    /// joins an account): it is stored without `viaLink`, so it is sent like a device's write. Read only on the
    /// link's connection (every other connection's writes are their own anyway).
    public var asThisMachine: Bool?

    public init(
        requestID: UInt64, key: String, value: PropertyListValue?, writeID: UInt64? = nil, writer: String? = nil,
        unlessNewerThan: Int64? = nil, asThisMachine: Bool? = nil
    ) {
        self.requestID = requestID
        self.key = key
        self.value = value
        self.writeID = writeID
        self.writer = writer
        self.unlessNewerThan = unlessNewerThan
        self.asThisMachine = asThisMachine
    }
}

/// Daemon → client: a write is stored (durably) as `revision`; nil when it was a resent duplicate or a link's
/// conditional write was refused (`KeyValueWrite.unlessNewerThan`).
public struct KeyValueWritten: Codable, Hashable, Sendable {
    public var requestID: UInt64
    public var key: String
    public var writeID: UInt64?
    public var revision: Int64?

    public init(requestID: UInt64, key: String, writeID: UInt64?, revision: Int64?) {
        self.requestID = requestID
        self.key = key
        self.writeID = writeID
        self.revision = revision
    }
}

/// Daemon → client: a write was refused; `current` is what the daemon holds for the key instead.
public struct KeyValueRejected: Codable, Hashable, Sendable {
    public var requestID: UInt64
    public var key: String
    public var writeID: UInt64?
    public var reason: KeyValueStoreError
    public var current: KeyValueEntry?

    public init(requestID: UInt64, key: String, writeID: UInt64?, reason: KeyValueStoreError, current: KeyValueEntry?) {
        self.requestID = requestID
        self.key = key
        self.writeID = writeID
        self.reason = reason
        self.current = current
    }
}

/// Client → daemon: send the whole store; with `subscribe`, also push every later change by another connection.
public struct KeyValueFetch: Codable, Hashable, Sendable {
    public var requestID: UInt64
    public var subscribe: Bool
    /// Also the keys removed (entries without a value, with the removal's revision and writer): the account link
    /// asks, so a removal made while it was not running is still sent (the daemon keeps the newest removals).
    public var removals: Bool?

    public init(requestID: UInt64, subscribe: Bool, removals: Bool? = nil) {
        self.requestID = requestID
        self.subscribe = subscribe
        self.removals = removals
    }
}

/// Daemon → client: every key of the store, as of `revision`, and the store's identity.
///
/// A whole store does not fit one frame (each entry also carries its revision, time and writer), so the
/// daemon sends it in pieces: `piece` 0 up to `pieceCount - 1`, in order, each with the same request id,
/// store id and revision and a share of the entries. `KeyValueSnapshotAssembler` puts them back together.
public struct KeyValueSnapshot: Codable, Hashable, Sendable {
    public var requestID: UInt64
    /// Created with the database; a different id after a reconnect means a different account store.
    public var storeID: String
    /// The newest revision the daemon has handed out (removed keys included).
    public var revision: Int64
    public var entries: [KeyValueEntry]
    /// This piece's place among the snapshot's pieces, from 0.
    public var piece: Int
    /// How many pieces the snapshot was sent in (at least 1).
    public var pieceCount: Int

    public init(
        requestID: UInt64, storeID: String, revision: Int64, entries: [KeyValueEntry], piece: Int = 0,
        pieceCount: Int = 1
    ) {
        self.requestID = requestID
        self.storeID = storeID
        self.revision = revision
        self.entries = entries
        self.piece = piece
        self.pieceCount = pieceCount
    }

    /// Whether this is the snapshot's last piece.
    public var isFinal: Bool { piece == pieceCount - 1 }

    private enum CodingKeys: String, CodingKey { case requestID, storeID, revision, entries, piece, pieceCount }

    /// Reads a piece; a message without `piece`/`pieceCount` (an older daemon) is a whole snapshot.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        requestID = try container.decode(UInt64.self, forKey: .requestID)
        storeID = try container.decode(String.self, forKey: .storeID)
        revision = try container.decode(Int64.self, forKey: .revision)
        entries = try container.decode([KeyValueEntry].self, forKey: .entries)
        piece = try container.decodeIfPresent(Int.self, forKey: .piece) ?? 0
        pieceCount = try container.decodeIfPresent(Int.self, forKey: .pieceCount) ?? 1
    }
}

/// Daemon → subscribed clients: keys another connection changed, with their new values.
public struct KeyValueChanged: Codable, Hashable, Sendable {
    public var entries: [KeyValueEntry]

    public init(entries: [KeyValueEntry]) { self.entries = entries }
}
