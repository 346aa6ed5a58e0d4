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
    private func pushOnce(_ client: PostgresClient, round: Int) async throws -> Bool {
        let pending = local.values
            .filter { $0.revision > cursor.pushedRevision && !$0.writer.hasPrefix(Self.remoteWriterPrefix) }
            .sorted { $0.revision < $1.revision }
        let highest = local.values.map(\.revision).max() ?? cursor.pushedRevision
        guard !pending.isEmpty else {
            if highest > cursor.pushedRevision { try advance { $0.pushedRevision = highest } }
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
            try await client.query(
                """
                WITH turn AS (SELECT baton.next_change() AS seq),
                written AS (
                    INSERT INTO baton.key_values (key, sealed, size, machine, seq)
                    SELECT \(route), \(sealed), \(size), \(machine), turn.seq FROM turn
                    ON CONFLICT (owner, key) DO UPDATE SET sealed = EXCLUDED.sealed, size = EXCLUDED.size,
                        machine = EXCLUDED.machine, seq = EXCLUDED.seq, written_at = now()
                    RETURNING seq)
                SELECT pg_notify(\(channel), 'kv') FROM written
                """, logger: logger)
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
