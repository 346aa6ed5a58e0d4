import Foundation
import Logging
import PostgresNIO

/// Sending this machine's key-value changes to the server (only the serve loop's rounds do).
extension KeyValueBridge {
    /// Writes every local change the server has not got yet (not those that came from the server), in revision
    /// order, each with the server's next change number; then rings the doorbell. Only the serve loop's rounds
    /// push, one at a time; a round given up at its deadline stops before its next statement (`pushRound`), so a
    /// value computed before a newer write is never written after it.
    func pushPendingOrThrow(_ client: PostgresClient) async throws {
        guard storeKnown else { return }
        pushRound += 1
        let round = pushRound
        while try await pushOnce(client, round: round) {}
    }

    /// Pushes what is pending now, in revision order; whether there was anything (false once `round` is stale).
    ///
    /// A write is sent at least once and written at most once: its answer can be lost after the commit (a path that
    /// went quiet, a link killed before it saved its cursor), and sent again after another machine's later row it
    /// would bring a replaced value back. So the statement writes only when the server's mark of this machine (the
    /// newest revision of this store it has written, `baton.machines.kv_revision`) is below the write's revision,
    /// and moves the mark in the same transaction; a write already made, or a late one from a round given up after
    /// a newer round wrote past it, changes nothing.
    private func pushOnce(_ client: PostgresClient, round: Int) async throws -> Bool {
        let pending = local.values
            .filter { $0.revision > cursor.pushedRevision && !$0.isViaLink }
            .sorted { $0.revision < $1.revision }
        let highest = local.values.map(\.revision).max() ?? cursor.pushedRevision
        guard !pending.isEmpty else {
            if highest > cursor.pushedRevision {
                logger.info("nothing to send", metadata: ["sent": "\(highest)"])
                try advance { $0.pushedRevision = highest }
            }
            return false
        }
        let owner = record.owner
        let machine = machineRoute
        for entry in pending {
            guard round == pushRound else { return false }
            // A newer write of the key came meanwhile: it is the one to send (it is pending too).
            guard local[entry.key]?.revision == entry.revision else { continue }
            let (route, sealed, size) = try KeyValueRow.seal(
                entry.key, entry.value, machine: record.machine, owner: owner, key: key)
            // One statement (one round trip, one implicit transaction): the account's next change number, the row,
            // then the doorbell. `next_change` locks the account's own row until the commit, so change numbers
            // commit in order: otherwise a machine could read number n+1 before n committed, move its cursor past
            // n, and never see n. Row security hides that row from every other role: none can hold the lock. Then
            // the key's row from before names were sealed (named in the clear), if there is one, goes.
            // The mark moves only from where this machine last saw it (`sent`): a server whose mark went back
            // (restored, failed over) writes nothing and says so (`checkHistory`).
            let (store, revision, sent, digest) = (
                pushStore, entry.revision, cursor.sentRevision ?? 0, digest(of: entry)
            )
            let outcome = try await client.query(
                """
                WITH mark AS (
                    UPDATE baton.machines SET kv_store = \(store), kv_revision = \(revision), kv_digest = \(digest)
                    WHERE machine = \(machine) AND (kv_store IS DISTINCT FROM \(store) OR kv_revision < \(revision))
                        AND NOT ((kv_store = \(store) AND kv_revision < \(sent)) OR (kv_store IS NULL AND \(sent) > 0))
                    RETURNING 1),
                turn AS (SELECT baton.next_change() AS seq FROM mark),
                written AS (
                    INSERT INTO baton.key_values (key, sealed, size, machine, seq)
                    SELECT \(route), \(sealed), \(size), \(machine), turn.seq FROM turn
                    ON CONFLICT (owner, key) DO UPDATE SET sealed = EXCLUDED.sealed, size = EXCLUDED.size,
                        machine = EXCLUDED.machine, seq = EXCLUDED.seq, written_at = now()
                    RETURNING seq),
                rung AS (SELECT pg_notify(\(channel), 'kv') FROM written)
                SELECT (SELECT count(*) FROM rung)::bigint,
                    EXISTS (SELECT 1 FROM baton.machines WHERE machine = \(machine)),
                    (SELECT kv_store FROM baton.machines WHERE machine = \(machine)),
                    (SELECT kv_revision FROM baton.machines WHERE machine = \(machine))
                """, logger: logger
            ).collect().first?.decode((Int64, Bool, String?, Int64?).self)
            // No machine row (it is written by the round's touch): nothing was written; the round fails and the next
            // one, which touches first, sends it.
            guard let (wrote, known, markStore, mark) = outcome, known else {
                throw KeyValueSendFailure.noMachineRow
            }
            if Self.serverLostWrites(sent: sent, store: markStore, mark: mark, ours: store) {
                serverWentBack(mark: markStore == store ? mark ?? 0 : 0, lostWrites: true)
                return false
            }
            try advance { $0.sentRevision = max($0.sentRevision ?? 0, revision) }
            logger.info(
                wrote == 0 ? "a write the server already has is not written again" : "sent",
                metadata: ["key": "\(entry.key)", "revision": "\(revision)"])
            if legacyNames.contains(entry.key) {
                try await client.query("SELECT baton.forget_key_value(\(entry.key))", logger: logger)
                legacyNames.remove(entry.key)
            }
            try advance { $0.pushedRevision = max($0.pushedRevision, entry.revision) }
        }
        if highest > cursor.pushedRevision { try advance { $0.pushedRevision = highest } }
        return true
    }
}

/// Why a key-value write was not made.
enum KeyValueSendFailure: Error, CustomStringConvertible {
    /// This machine's row is not on the server (yet): the server cannot keep its mark.
    case noMachineRow

    var description: String {
        switch self {
        case .noMachineRow: "this machine's row is not on the server yet; the write goes in the next round"
        }
    }
}
