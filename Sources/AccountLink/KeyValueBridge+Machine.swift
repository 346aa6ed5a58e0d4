import Foundation
import Logging
import PostgresNIO

/// The machine's own row on the server: its route, its name and devices sealed (`MachineCard`: for `status`,
/// `baton devices` and pushes to one device), its identifier and when it was last seen.
extension KeyValueBridge {
    /// This machine's route (`Routes`).
    var machineRoute: String { Routes.machine(record.machine, owner: record.owner, key: key) }

    /// Seals this machine's devices into its row when they changed.
    func publish(_ card: MachineCard, _ client: PostgresClient) async {
        guard card != publishedCard else { return }
        do {
            let (route, sealed) = try card.seal(owner: record.owner, key: key)
            try await client.query(
                "UPDATE baton.machines SET sealed = \(sealed), seen_at = now() WHERE machine = \(route)",
                logger: logger)
            publishedCard = card
        } catch {
            logger.info("devices not published yet", metadata: ["error": "\(ServerErrors.describe(error))"])
        }
    }

    /// Notes the keys whose rows still carry their names in the clear (written before names were sealed: a key
    /// is otherwise a 64-digit route).
    func findLegacyRows(_ client: PostgresClient) async throws {
        let rows = try await client.query(
            "SELECT key FROM baton.key_values WHERE key !~ '^[0-9a-f]{64}$'", logger: logger)
        for try await name in rows.decode(String.self) { legacyNames.insert(name) }
    }

    /// Marks this machine seen; writes its row (sealed) when there is none (the server was moved to sealed names,
    /// which removed the rows that named machines in the clear), and its identifier and devices when the handoff
    /// link wrote it again first (without them).
    func touchMachine(_ client: PostgresClient) async throws {
        let published = publishedCard
        let (route, sealed) = try (published ?? MachineCard(name: record.machine, devices: []))
            .seal(owner: record.owner, key: key)
        // A row the handoff link wrote again (no identifier, no devices) gets its devices once the daemon has said
        // which it serves; any other row keeps its box (`publish` rewrites it when the devices change).
        try await client.query(
            """
            INSERT INTO baton.machines (machine, machine_id, sealed) VALUES (\(route), \(files.machineID()), \(sealed))
            ON CONFLICT (owner, machine) DO UPDATE SET seen_at = now(),
                machine_id = coalesce(baton.machines.machine_id, EXCLUDED.machine_id),
                sealed = CASE WHEN baton.machines.machine_id IS NULL AND \(published != nil) THEN EXCLUDED.sealed
                    ELSE baton.machines.sealed END
            """, logger: logger)
    }
}
