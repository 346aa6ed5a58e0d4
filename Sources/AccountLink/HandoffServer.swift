import Foundation
import Logging
import PostgresNIO
import Wire

/// The handoff tables of one account as this machine's link reads and writes them: offers (one row per device,
/// the advertisement sealed), mail between machines (taken by its addressee), the machines' heartbeats. Every
/// write rings the account's handoff doorbell; a doorbell names what changed, the data is always in rows.
struct HandoffServer: Sendable {
    let client: PostgresClient
    let owner: String
    let machine: String
    let key: AccountKey
    let logger: Logger

    /// The account's handoff doorbell (a name only holders of the key can work out, `Doorbells`).
    var channel: String { Doorbells.channel("ho", owner: owner, key: key) }

    /// `doorbell` sealed for the channel (no other role reads which machine or device changed).
    func payload(_ doorbell: Doorbell) -> String { Doorbells.seal(doorbell.payload, channel: channel, key: key) }

    /// The doorbell a payload carries; nil for one that does not open with the key.
    func doorbell(_ payload: String) -> Doorbell? {
        Doorbells.open(payload, channel: channel, key: key).flatMap(Doorbell.init(payload:))
    }

    /// How long a machine's heartbeat counts: past it, other machines drop its offers (the server's clock).
    static let staleAfterSeconds = 10

    /// One device's offer as a row holds it.
    struct OfferRow: Sendable, Equatable {
        var machine: String
        var device: String
        var apps: [AppDescriptor]
        var activity: Advertisement?
        /// The server's change number of the row's last write.
        var seq: Int64
    }

    /// What a doorbell says changed: an offer row, or mail for a machine.
    enum Doorbell: Equatable {
        case offer(machine: String, device: String)
        case mail(to: String)

        var payload: String {
            let parts =
                switch self {
                case .offer(let machine, let device): ["o", machine, device]
                case .mail(let to): ["m", to]
                }
            return String(decoding: (try? JSONEncoder().encode(parts)) ?? Data(), as: UTF8.self)
        }

        init?(payload: String) {
            guard let parts = try? JSONDecoder().decode([String].self, from: Data(payload.utf8)) else { return nil }
            switch (parts.first, parts.count) {
            case ("o", 3): self = .offer(machine: parts[1], device: parts[2])
            case ("m", 2): self = .mail(to: parts[1])
            default: return nil
            }
        }
    }

    /// Brings the account's schema up to this build's (a link started by a newer Baton than `create`).
    func migrate() async throws {
        let logger = logger
        try await client.withConnection { connection in try await ServerSchema.migrate(connection, logger: logger) }
    }

    /// This machine's route, and that of machine `name` (`Routes`).
    var route: String { route(of: machine) }
    func route(of name: String) -> String { Routes.machine(name, owner: owner, key: key) }

    /// Writes `device`'s current offer (nil: it offers nothing) with the server's next change number, and rings.
    /// The row holds the machine's and device's routes and the box (`OfferBox`): no name, app or activity type.
    func publish(device: String, apps: [AppDescriptor], activity: Advertisement?) async throws {
        var sealed: Data?
        var size = 0
        let deviceRoute = Routes.device(device, machine: machine, owner: owner, key: key)
        if let activity {
            let box = try OfferBox(machine: machine, device: device, apps: apps, activity: activity)
                .seal(owner: owner, key: key)
            sealed = box.sealed
            size = box.sealed.count
        }
        // The account's next change number first, so change numbers commit in order (`ServerSchema`, migration 6).
        try await client.query(
            """
            WITH turn AS (SELECT baton.next_change() AS seq),
            written AS (
                INSERT INTO baton.offers (machine, device, apps, sealed, size, seq)
                SELECT \(route), \(deviceRoute), '[]', \(sealed), \(size), turn.seq FROM turn
                ON CONFLICT (owner, machine, device) DO UPDATE SET sealed = EXCLUDED.sealed, size = EXCLUDED.size,
                    seq = EXCLUDED.seq, updated_at = now()
                RETURNING seq)
            SELECT pg_notify(\(channel), \(payload(.offer(machine: machine, device: device)))) FROM written
            """, logger: logger)
    }

    /// Clears this machine's offers of every device not in `devices` (they left while the server was away, or
    /// the daemon went away), ringing for each (its name read from the box it held).
    func clearOffers(except devices: [String]) async throws {
        let keep = devices.map { Routes.device($0, machine: machine, owner: owner, key: key) }
        var names: [String: String] = [:]
        let held = try await client.query(
            "SELECT device, sealed FROM baton.offers WHERE machine = \(route) AND sealed IS NOT NULL", logger: logger)
        for try await (device, sealed) in held.decode((String, Data).self) {
            names[device] = try? OfferBox.open(sealed, machine: route, device: device, owner: owner, key: key).device
        }
        // Each cleared row takes the account's next change number (`ServerSchema`, migration 6).
        let rows = try await client.query(
            """
            UPDATE baton.offers SET bundle = NULL, team = NULL, activity_type = NULL, sequence = NULL, sealed = NULL,
                size = 0, seq = baton.next_change(), updated_at = now()
            WHERE machine = \(route) AND sealed IS NOT NULL AND NOT (device = ANY(\(keep)))
            RETURNING device
            """, logger: logger)
        for try await deviceRoute in rows.decode(String.self) {
            guard let device = names[deviceRoute] else { continue }
            try await client.query(
                "SELECT pg_notify(\(channel), \(payload(.offer(machine: machine, device: device))))",
                logger: logger)
        }
    }

    /// Other machines' offer rows that hold an offer: all of them, or one device's (by name).
    func offers(of one: (machine: String, device: String)? = nil) async throws -> [OfferRow] {
        let query: PostgresQuery =
            if let one {
                """
                SELECT machine, device, sealed, seq FROM baton.offers
                WHERE machine = \(route(of: one.machine))
                    AND device = \(Routes.device(one.device, machine: one.machine, owner: owner, key: key))
                    AND machine <> \(route) AND sealed IS NOT NULL
                """
            } else {
                "SELECT machine, device, sealed, seq FROM baton.offers WHERE machine <> \(route) AND sealed IS NOT NULL"
            }
        var result: [OfferRow] = []
        let rows = try await client.query(query, logger: logger)
        for try await (machineRoute, deviceRoute, sealed, seq) in rows.decode((String, String, Data, Int64).self) {
            do {
                let box = try OfferBox.open(sealed, machine: machineRoute, device: deviceRoute, owner: owner, key: key)
                result.append(
                    OfferRow(machine: box.machine, device: box.device, apps: box.apps, activity: box.activity, seq: seq)
                )
            } catch {
                logger.warning("an offer row does not open; ignored", metadata: ["machine": "\(machineRoute)"])
            }
        }
        return result
    }

    /// Writes one mail for `to` (header, sender and body sealed to the row: `MailBox`) and rings.
    func send(_ mail: HandoffMail, body: Data?, to: String) async throws {
        let id = UUID().uuidString
        let toRoute = route(of: to)
        let sealed = try Sealing.seal(
            JSONEncoder().encode(MailBox(from: machine, header: mail, body: body)),
            identity: MailBox.identity(owner: owner, from: route, to: toRoute, id: id), key: key)
        // The account's next change number first, so change numbers commit in order (`ServerSchema`, migration 6).
        try await client.query(
            """
            WITH turn AS (SELECT baton.next_change() AS seq),
            written AS (
                INSERT INTO baton.handoff_mail (seq, id, from_machine, to_machine, header, sealed, size)
                SELECT turn.seq, \(id), \(route), \(toRoute), '', \(sealed), \(sealed.count)
                FROM turn
                RETURNING seq)
            SELECT pg_notify(\(channel), \(payload(.mail(to: to)))) FROM written
            """, logger: logger)
    }

    /// Takes (deletes and returns) every mail for this machine, in the server's order; mail older than
    /// `maxAgeSeconds` by the server's clock is dropped unread (its asker has long given up).
    func takeMail(maxAgeSeconds: Int = 30) async throws -> [ReceivedMail] {
        let rows = try await client.query("SELECT * FROM baton.take_mail(\(route))", logger: logger)
        var taken: [(Int64, ReceivedMail)] = []
        for try await (seq, id, from, _, sealed, age) in rows.decode(
            (Int64, String, String, String, Data?, Int64).self)
        {
            guard age < Int64(maxAgeSeconds) * 1000, let sealed else { continue }
            do {
                let box = try MailBox.open(sealed, from: from, to: route, id: id, owner: owner, key: key)
                taken.append((seq, ReceivedMail(from: box.from, header: box.header, body: box.body, age: age)))
            } catch {
                logger.warning("a mail does not open; ignored", metadata: ["from": "\(from)"])
            }
        }
        return taken.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// Marks this machine alive (the server's clock) and returns the names of the machines whose heartbeat still
    /// counts (read from their sealed rows). A row that went (the server was moved to sealed names) is written
    /// again, its devices left to the key-value link (`touchMachine`), so other machines keep this one's offers.
    func heartbeat() async throws -> Set<String> {
        let (route, card) = try MachineCard(name: machine, devices: []).seal(owner: owner, key: key)
        try await client.query(
            """
            INSERT INTO baton.machines (machine, sealed) VALUES (\(route), \(card))
            ON CONFLICT (owner, machine) DO UPDATE SET seen_at = now()
            """, logger: logger)
        var live: Set<String> = []
        let rows = try await client.query(
            """
            SELECT machine, sealed FROM baton.machines
            WHERE seen_at > now() - make_interval(secs => \(Self.staleAfterSeconds))
            """, logger: logger)
        for try await (machineRoute, sealed) in rows.decode((String, Data?).self) {
            if let card = MachineCard.open(route: machineRoute, sealed: sealed, owner: owner, key: key) {
                live.insert(card.name)
            }
        }
        return live
    }

    /// Drops mail nobody took, the rows of offers cleared long ago (the server's clock) and the offers of machines
    /// that left the account.
    func collectGarbage() async throws {
        try await client.query("SELECT baton.collect_handoff_garbage()", logger: logger)
    }
}
