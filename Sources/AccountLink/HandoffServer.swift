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

    /// Writes `device`'s current offer (nil: it offers nothing) with the server's next change number, and rings.
    func publish(device: String, apps: [AppDescriptor], activity: Advertisement?) async throws {
        let appsText = String(decoding: try JSONEncoder().encode(apps), as: UTF8.self)
        var sealed: Data?
        var size = 0
        if let activity {
            let plaintext = try JSONEncoder().encode(activity)
            size = Padding.bucket(plaintext.count)
            sealed = try Sealing.seal(
                plaintext,
                identity: Sealing.offerIdentity(
                    owner: owner, machine: machine, device: device, sequence: activity.sequence), key: key)
        }
        let sequence = activity.map { Int64(bitPattern: $0.sequence) }
        // The account's next change number first, so change numbers commit in order (`ServerSchema`, migration 6).
        try await client.query(
            """
            WITH turn AS (SELECT baton.next_change() AS seq),
            written AS (
                INSERT INTO baton.offers (machine, device, apps, bundle, team, activity_type, sequence, sealed, size, seq)
                SELECT \(machine), \(device), \(appsText), \(activity?.bundleIdentifier), \(activity?.teamIdentifier),
                    \(activity?.activityType), \(sequence), \(sealed), \(size), turn.seq FROM turn
                ON CONFLICT (owner, machine, device) DO UPDATE SET apps = EXCLUDED.apps, bundle = EXCLUDED.bundle,
                    team = EXCLUDED.team, activity_type = EXCLUDED.activity_type, sequence = EXCLUDED.sequence,
                    sealed = EXCLUDED.sealed, size = EXCLUDED.size, seq = EXCLUDED.seq, updated_at = now()
                RETURNING seq)
            SELECT pg_notify(\(channel), \(payload(.offer(machine: machine, device: device)))) FROM written
            """, logger: logger)
    }

    /// Clears this machine's offers of every device not in `devices` (they left while the server was away, or
    /// the daemon went away), ringing for each.
    func clearOffers(except devices: [String]) async throws {
        // Each cleared row takes the account's next change number (`ServerSchema`, migration 6).
        let rows = try await client.query(
            """
            UPDATE baton.offers SET bundle = NULL, team = NULL, activity_type = NULL, sequence = NULL, sealed = NULL,
                size = 0, seq = baton.next_change(), updated_at = now()
            WHERE machine = \(machine) AND sealed IS NOT NULL AND NOT (device = ANY(\(devices)))
            RETURNING device
            """, logger: logger)
        for try await device in rows.decode(String.self) {
            try await client.query(
                "SELECT pg_notify(\(channel), \(payload(.offer(machine: machine, device: device))))",
                logger: logger)
        }
    }

    /// Other machines' offer rows: all of them, or one device's.
    func offers(of one: (machine: String, device: String)? = nil) async throws -> [OfferRow] {
        let query: PostgresQuery =
            if let one {
                """
                SELECT machine, device, apps, sealed, sequence, seq FROM baton.offers
                WHERE machine = \(one.machine) AND device = \(one.device) AND machine <> \(machine)
                """
            } else {
                "SELECT machine, device, apps, sealed, sequence, seq FROM baton.offers WHERE machine <> \(machine)"
            }
        var result: [OfferRow] = []
        let rows = try await client.query(query, logger: logger)
        for try await (machine, device, appsText, sealed, sequence, seq) in rows.decode(
            (String, String, String, Data?, Int64?, Int64).self)
        {
            let apps = (try? JSONDecoder().decode([AppDescriptor].self, from: Data(appsText.utf8))) ?? []
            var activity: Advertisement?
            if let sealed, let sequence {
                do {
                    let plaintext = try Sealing.open(
                        sealed,
                        identity: Sealing.offerIdentity(
                            owner: owner, machine: machine, device: device, sequence: UInt64(bitPattern: sequence)),
                        key: key)
                    activity = try JSONDecoder().decode(Advertisement.self, from: plaintext)
                } catch {
                    logger.warning(
                        "an offer row does not open; ignored",
                        metadata: ["machine": "\(machine)", "device": "\(device)"])
                }
            }
            result.append(OfferRow(machine: machine, device: device, apps: apps, activity: activity, seq: seq))
        }
        return result
    }

    /// Writes one mail for `to` (the body sealed to the row) and rings.
    func send(_ mail: HandoffMail, body: Data?, to: String) async throws {
        let id = UUID().uuidString
        let header = String(decoding: try JSONEncoder().encode(mail), as: UTF8.self)
        let sealed = try body.map {
            try Sealing.seal(
                $0, identity: HandoffMail.identity(owner: owner, from: machine, to: to, id: id, kind: mail.kind),
                key: key)
        }
        // The account's next change number first, so change numbers commit in order (`ServerSchema`, migration 6).
        try await client.query(
            """
            WITH turn AS (SELECT baton.next_change() AS seq),
            written AS (
                INSERT INTO baton.handoff_mail (seq, id, from_machine, to_machine, header, sealed, size)
                SELECT turn.seq, \(id), \(machine), \(to), \(header), \(sealed), \(sealed?.count ?? 0)
                FROM turn
                RETURNING seq)
            SELECT pg_notify(\(channel), \(payload(.mail(to: to)))) FROM written
            """, logger: logger)
    }

    /// Takes (deletes and returns) every mail for this machine, in the server's order; mail older than
    /// `maxAgeSeconds` by the server's clock is dropped unread (its asker has long given up).
    func takeMail(maxAgeSeconds: Int = 30) async throws -> [ReceivedMail] {
        let rows = try await client.query("SELECT * FROM baton.take_mail(\(machine))", logger: logger)
        var taken: [(Int64, ReceivedMail)] = []
        for try await (seq, id, from, headerText, sealed, age) in rows.decode(
            (Int64, String, String, String, Data?, Int64).self)
        {
            guard age < Int64(maxAgeSeconds) * 1000,
                let header = try? JSONDecoder().decode(HandoffMail.self, from: Data(headerText.utf8))
            else {
                continue
            }
            var body: Data?
            if let sealed {
                do {
                    body = try Sealing.open(
                        sealed,
                        identity: HandoffMail.identity(
                            owner: owner, from: from, to: machine, id: id, kind: header.kind), key: key)
                } catch {
                    logger.warning("a mail does not open; ignored", metadata: ["from": "\(from)"])
                    continue
                }
            }
            taken.append((seq, ReceivedMail(from: from, header: header, body: body, age: age)))
        }
        return taken.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// Marks this machine alive (the server's clock) and returns the machines whose heartbeat still counts.
    func heartbeat() async throws -> Set<String> {
        try await client.query(
            "UPDATE baton.machines SET seen_at = now() WHERE machine = \(machine)", logger: logger)
        var live: Set<String> = []
        let rows = try await client.query(
            """
            SELECT machine FROM baton.machines
            WHERE seen_at > now() - make_interval(secs => \(Self.staleAfterSeconds))
            """, logger: logger)
        for try await name in rows.decode(String.self) { live.insert(name) }
        return live
    }

    /// Drops mail nobody took, the rows of offers cleared long ago (the server's clock) and the offers of machines
    /// that left the account.
    func collectGarbage() async throws {
        try await client.query("SELECT baton.collect_handoff_garbage()", logger: logger)
    }
}
