import Foundation
import Logging
import PostgresNIO

/// The machine's own rows on the server: its devices (names, for routing and `status`) and when it was last seen.
extension KeyValueBridge {
    /// Replaces this machine's device rows when its set of devices changed (names only).
    func publishDevices(_ names: [String], _ client: PostgresClient) async {
        let current = Set(names)
        guard current != publishedDevices else { return }
        do {
            let machine = record.machine
            let list = current.sorted()
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT baton.forget_devices(\(machine), \(list))", logger: logger)
                for device in list {
                    try await connection.query(
                        """
                        INSERT INTO baton.devices (machine, device) VALUES (\(machine), \(device))
                        ON CONFLICT (owner, machine, device) DO UPDATE SET seen_at = now()
                        """, logger: logger)
                }
            }
            publishedDevices = current
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

    /// Marks this machine seen.
    func touchMachine(_ client: PostgresClient) async throws {
        try await client.query(
            """
            INSERT INTO baton.machines (machine) VALUES (\(record.machine))
            ON CONFLICT (owner, machine) DO UPDATE SET seen_at = now()
            """, logger: logger)
    }
}
