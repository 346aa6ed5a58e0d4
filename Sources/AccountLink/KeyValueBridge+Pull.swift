import Foundation
import Logging
import PostgresNIO
import Wire

/// Reading the server's key-value rows into the daemon, in the server's order.
extension KeyValueBridge {
    /// Reads the rows changed after the cursor, in the server's order, this machine's own included, and adopts
    /// each (`adopt(row:)`); a row that does not open or decode is passed, logged once and counted (`SkippedRows`).
    func pull(_ client: PostgresClient) async throws {
        let rows = try await client.query(
            """
            SELECT key, sealed, machine, seq, written_at FROM baton.key_values WHERE seq > \(readSeq)
            ORDER BY seq
            """, logger: logger)
        for try await (route, sealed, machine, seq, writtenAt) in rows.decode(
            (String, Data?, String, Int64, Date).self)
        {
            // Taken already by a newer round (this one went on after its deadline): each row once, in order.
            guard seq > readSeq else { continue }
            do {
                let (name, value, writer) = try KeyValueRow.open(
                    route: route, sealed: sealed, owner: record.owner, key: key)
                if name == route { legacyNames.insert(name) }  // a row from before names were sealed
                adopt(row: name, value, from: writer ?? machine, seq: seq)
            } catch {
                skipped.pass(
                    SkippedRows.Row(
                        table: "key_values", seq: seq, machine: machine, writtenAt: writtenAt, reason: "\(error)"),
                    logger: logger)
            }
            readSeq = max(readSeq, seq)
            try settleServerCursor()
        }
    }

    /// The server's word on `name` (its newest row, read in order): the daemon takes it unless it holds a newer
    /// local write of the key not yet sent (that one goes to the server next, is ordered after this row, and is
    /// read back in its turn) or holds that value already. A machine's own rows count too: after its queued writes
    /// are replayed, what the server's order made of them is what it keeps.
    private func adopt(row name: String, _ value: PropertyListValue?, from machine: String, seq: Int64) {
        if let held = local[name] {
            let unsent = held.revision > cursor.pushedRevision && !held.isViaLink
            if unsent {
                logger.info(
                    "a row waits for a newer local write", metadata: ["key": "\(name)", "seq": "\(seq)"])
            }
            if unsent || held.value == value { return }
        } else if value == nil {
            return
        }
        // On the condition that the daemon holds no newer write of the key than the link has heard of (`write`): a
        // local write still on its way here is not overwritten.
        write(Self.fromServer(name, value, machine: machine), row: seq)
        // The daemon does not echo a link's own writes back to it: remember what it now holds.
        local[name] = Self.fromServer(name, value, machine: machine, revision: local[name]?.revision ?? 0)
    }
}
