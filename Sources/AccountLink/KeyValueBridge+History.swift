import Foundation
import Logging
import PostgresNIO
import Wire

/// Backups and failovers are ordinary faults. What the server holds of this machine (its row: the mark of its
/// newest write the server has, a digest of that write, how far it has read) is compared, at the start of every
/// round, with what this machine holds of the server (its cursor):
///
/// - **The server is behind** (restored from a backup, failed over to a lagging replica): its mark is below a write
///   it once confirmed, or its note of this machine's reads below the cursor, or the account's change numbers
///   below what was read. Its numbers went back, so the rows after them are not the rows this machine read: it
///   reads the server again from the start, and sends again every write of its own the server lacks (those above
///   the server's mark). Nothing acknowledged is lost; a value already held is not written twice.
/// - **This home is behind** (its state directory restored from an old copy): the server holds a write of this
///   store that the store does not (the mark above every revision the store has, or a different write at the
///   mark's revision). The old copy's revision numbers count again from below the mark, and the mark would refuse
///   its new writes as ones the server already has; so its writes from then on are sent as a store of their own
///   (`LinkCursor.storeEpoch`), and the server's rows, its own earlier writes among them, are read in as any other.
extension KeyValueBridge {
    /// The store identity the server's mark counts this machine's revisions in.
    var pushStore: String { cursor.storeEpoch.map { "\(storeID)/\($0)" } ?? storeID }

    /// A keyed digest of a write as this machine sent it: the server can compare it and learn nothing from it.
    func digest(of entry: KeyValueEntry) -> String {
        let value = entry.value.map(Self.canonical) ?? "-"
        return Sealing.mac("kv-mark|\(pushStore)|\(entry.revision)|\(entry.key)|\(value)", key: key)
    }

    /// One text per value whatever the process (a set's or a dictionary's order is not).
    static func canonical(_ value: PropertyListValue) -> String {
        switch value {
        case .string(let text): "s\(text.utf8.count):\(text)"
        case .int(let number): "i\(number)"
        case .double(let number): "d\(number.bitPattern)"
        case .bool(let flag): flag ? "t" : "f"
        case .date(let date): "D\(date.timeIntervalSinceReferenceDate.bitPattern)"
        case .data(let data): "b\(data.base64EncodedString())"
        case .url(let url): "u\(url.absoluteString.utf8.count):\(url.absoluteString)"
        case .array(let items): "[" + items.map(canonical).joined(separator: ",") + "]"
        case .set(let items): "<" + items.map(canonical).sorted().joined(separator: ",") + ">"
        case .dictionary(let pairs):
            "{"
                + pairs.keys.sorted().map { "\($0.utf8.count):\($0)=" + canonical(pairs[$0] ?? .null) }
                .joined(separator: ",") + "}"
        case .null: "n"
        }
    }

    /// Compares the server's word on this machine with this machine's cursor (see the type's comment).
    func checkHistory(_ client: PostgresClient) async throws {
        let rows = try await client.query(
            """
            SELECT m.kv_store, m.kv_revision, m.kv_digest, m.kv_read, a.last_change
            FROM baton.machines m, baton.accounts a WHERE m.machine = \(machineRoute)
            """, logger: logger
        ).collect()
        guard let row = rows.first else { return }
        let (store, mark, markDigest, read, lastChange) = try row.decode((String?, Int64, String?, Int64?, Int64).self)
        let sent = cursor.sentRevision ?? 0
        if let store, store != pushStore, sent > 0 {
            // Another store's mark (this machine's daemon has a new store, or this home a new epoch): nothing of
            // this store's was confirmed there to compare.
            try advance { $0.sentRevision = nil }
            return
        }
        let lostWrites = Self.serverLostWrites(sent: sent, store: store, mark: mark, ours: pushStore)
        let lostReads = (read ?? 0) < cursor.serverSeq || lastChange < readSeq
        if lostWrites || lostReads {
            serverWentBack(mark: store == pushStore ? mark : 0, lostWrites: lostWrites)
            return
        }
        notedRead = read
        if store == pushStore, mark > sent, homeWentBack(mark: mark, digest: markDigest) {
            let epoch = UUID().uuidString.lowercased()
            logger.notice(
                "this home holds less than the server has of it (its state restored from an old copy): its writes go on as a new store",
                metadata: ["mark": "\(mark)", "store revision": "\(storeRevision)"])
            try advance {
                $0.storeEpoch = epoch
                $0.sentRevision = nil
            }
        } else if store == pushStore, mark > sent {
            try advance { $0.sentRevision = mark }  // a write whose answer was lost: the server has it
        }
    }

    /// Whether the server lost writes of this machine's it had confirmed (`sent`): its mark of this store is below
    /// them, or it has no mark at all (the machine's row was written again after a restore).
    static func serverLostWrites(sent: Int64, store: String?, mark: Int64?, ours: String) -> Bool {
        guard sent > 0 else { return false }
        guard let store else { return true }
        return store == ours && (mark ?? 0) < sent
    }

    /// The server holds a write of this store at `mark` that this store does not hold (see the type's comment).
    private func homeWentBack(mark: Int64, digest markDigest: String?) -> Bool {
        let held = max(storeRevision, local.values.map(\.revision).max() ?? 0)
        if held < mark { return true }
        guard let markDigest, let held = local.values.first(where: { $0.revision == mark && !$0.isViaLink }) else {
            return false  // overwritten since, or a mark from before digests: no evidence
        }
        return digest(of: held) != markDigest
    }

    /// The server's numbers went back: read it all again, and send again what it lacks of this machine's.
    func serverWentBack(mark: Int64, lostWrites: Bool) {
        logger.notice(
            "the server holds less than it confirmed (restored from a backup, or failed over): reading it again and sending again what it lacks",
            metadata: ["mark": "\(mark)", "sent": "\(cursor.sentRevision ?? 0)", "read": "\(cursor.serverSeq)"])
        readSeq = 0
        notedRead = nil
        try? advance {
            $0.serverSeq = 0
            if lostWrites {
                $0.pushedRevision = min($0.pushedRevision, mark)
                $0.sentRevision = mark > 0 ? mark : nil
            }
        }
    }

    /// Tells the server how far this machine has read (what `checkHistory` compares), when it moved; finds the
    /// server behind when its note is below what this link told it last.
    func noteReads(_ client: PostgresClient) async throws {
        let read = cursor.serverSeq
        guard read != notedRead else { return }
        let told = notedRead ?? -1
        let rows = try await client.query(
            """
            WITH before AS (SELECT kv_read FROM baton.machines WHERE machine = \(machineRoute)),
            noted AS (
                UPDATE baton.machines SET kv_read = \(read)
                WHERE machine = \(machineRoute) AND coalesce(kv_read, -1) >= \(told) RETURNING 1)
            SELECT (SELECT kv_read FROM before), (SELECT count(*) FROM noted)::bigint
            """, logger: logger
        ).collect()
        guard let (before, written) = try rows.first?.decode((Int64?, Int64).self) else { return }
        if written == 0, (before ?? -1) < told {
            serverWentBack(mark: 0, lostWrites: false)
            return
        }
        notedRead = read
    }
}
