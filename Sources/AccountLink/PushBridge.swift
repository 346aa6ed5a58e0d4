import AccountClient
import Foundation
import Logging
import Notifications
import PostgresNIO
import Wire

/// Pushes across machines, the link's side. This machine's daemon hands the link each push that must reach
/// other machines (`relayPush`); the link keeps it in its outbox (on disk), writes one sealed row to
/// `baton.pushes` with the server's next change number and rings the account's doorbell; it answers the daemon
/// with the machines it went to, or that it is queued until the server is back. Every machine reads the rows
/// after its own cursor (in the server's order) that are for every device or for one of its devices, opens them
/// and posts each into its daemon as a push with an origin, which goes to that machine's devices only and is
/// never handed on again.
public actor PushBridge {
    /// How long the daemon's question waits on the server before the push is reported queued.
    static let answerBudget: Duration = .seconds(2)

    let record: AccountLinkRecord
    let key: AccountKey
    let logger: Logger
    let channel: String
    private var outbox: PushOutbox
    /// How far the saved cursor says the server was read: below every row whose post the daemon has not answered
    /// (`PushBridge+Answers.swift`).
    var cursor: PushCursor
    /// How far this link has read the server's rows (the next pull starts after it; nil until the first pull).
    var readSeq: Int64?
    /// The posts into the daemon not answered yet, by request.
    var posts: [UInt64: Post] = [:]
    var daemon: DaemonLink?
    private var requestCounter: UInt64 = 1_000_000
    let skipped: SkippedRows
    /// The outbox items being written now: a flush (its own doorbell rings one) leaves them to their writer, so a
    /// push read and deleted at once is not written again.
    private var sending: Set<String> = []
    /// The cursor this machine last told the server (`read_pushes`).
    var reported: Int64?

    public init(record: AccountLinkRecord, key: AccountKey, files: LinkFiles, channel: String, logger: Logger) {
        self.record = record
        self.key = key
        self.logger = logger
        self.channel = channel
        outbox = PushOutbox(url: files.pushOutbox)
        cursor = PushCursor(url: files.pushCursor)
        readSeq = cursor.seq
        skipped = SkippedRows(files: files)
    }

    /// Asks `link`'s daemon for the pushes that must reach other machines. A daemon newly attached has answered
    /// none of this link's posts: reading starts again from the saved cursor.
    public func attach(_ link: DaemonLink) {
        daemon = link
        posts = [:]
        readSeq = cursor.seq
        if let message = try? NotificationMessage.relayPushes.wire(requestID: nextRequestID()) {
            link.send(message)
        }
    }

    /// A notification message from the daemon: a push to relay (answered within `answerBudget`), or the
    /// daemon's answer to a push or answer this link posted (`answered`). Whether the saved cursor moved (the
    /// serve loop then tells the server).
    public func receive(_ envelope: NotificationEnvelope, _ client: PostgresClient) -> Bool {
        guard let message = try? NotificationMessage(envelope) else { return false }
        switch message {
        case .relayPush(let request):
            let requestID = envelope.requestID
            Task { await self.relay(request, requestID: requestID, client) }
        case .pushed(let outcome):
            logger.info(
                "push from another machine delivered here",
                metadata: ["delivered": "\(outcome.delivered.count)", "waiting": "\(outcome.waiting.count)"])
            return answered(envelope.requestID)
        case .done:
            return answered(envelope.requestID)
        default:
            break
        }
        return false
    }

    private func relay(_ request: PushRelayRequest, requestID: UInt64?, _ client: PostgresClient) async {
        let item = PushOutbox.Item(id: UUID().uuidString, request: request)
        let outcome: RemotePushOutcome
        if request.intake.push.expiration == .immediately {
            // Expiration 0: now or never. Not kept for later.
            do {
                outcome = try await ServerDeadline.within(Self.answerBudget, "the push") {
                    try await self.write(item, client)
                }
            } catch {
                outcome = RemotePushOutcome(dropped: true, note: "expiration 0 and \(ServerErrors.describe(error))")
            }
        } else {
            do {
                try outbox.append(item)
            } catch {
                return answer(RemotePushOutcome(dropped: true, note: error.description), requestID: requestID)
            }
            do {
                outcome = try await ServerDeadline.within(Self.answerBudget, "the push", cancelLate: false) {
                    try await self.send(item, client)
                }
            } catch {
                outcome = RemotePushOutcome(
                    queued: true, note: "the account's server is unreachable; sent when it is back")
            }
        }
        answer(outcome, requestID: requestID)
    }

    private func answer(_ outcome: RemotePushOutcome, requestID: UInt64?) {
        if let message = try? NotificationMessage.relayedPush(outcome).wire(requestID: requestID) {
            daemon?.send(message)
        }
    }

    /// Writes every queued push, oldest first (the server is up: the link's serve loop calls this on connect).
    func flush(_ client: PostgresClient) async throws {
        for item in outbox.items where !sending.contains(item.id) { _ = try await send(item, client) }
    }

    /// How long writing one push may take. A write on a pooled connection the server ended while the link was
    /// stopped was seen to wait for ever, and while it is `sending` no flush sends the item: past this it is given
    /// up (and cancelled) and the next flush sends it again; the server keeps one row per id, so nothing doubles.
    static let sendBudget: Duration = .seconds(30)

    /// Writes `item` and takes it out of the outbox.
    private func send(_ item: PushOutbox.Item, _ client: PostgresClient) async throws -> RemotePushOutcome {
        sending.insert(item.id)
        defer { sending.remove(item.id) }
        let outcome = try await ServerDeadline.within(Self.sendBudget, "the push \(item.id)") {
            try await self.write(item, client)
        }
        try outbox.remove(item.id)
        if outcome.dropped {
            logger.warning(
                "push for another machine dropped",
                metadata: ["why": "\(outcome.note ?? "")", "device": "\(item.request.intake.device ?? "*")"])
            // Told to the daemon on its own (the push may have been answered as queued long ago): it tells the
            // followers (`baton notifications --follow`).
            if let device = item.request.intake.device {
                var report = outcome
                report.push = PushIdentity(
                    identifier: item.request.identifier,
                    bundleIdentifier: item.request.intake.push.bundleIdentifier, device: device)
                if let message = try? NotificationMessage.relayedPush(report).wire(requestID: nil) {
                    daemon?.send(message)
                }
            }
        }
        return outcome
    }

    /// This machine's route (`Routes`).
    var route: String { Routes.machine(record.machine, owner: record.owner, key: key) }

    /// Resolves the machines `item` is for (from the machines' sealed rows: which devices each serves) and writes
    /// its row (a row already there is left as it is) and the doorbell in one statement; nothing is written when no
    /// other machine is for it. The row names its machines by route; app and device are sealed.
    private func write(_ queued: PushOutbox.Item, _ client: PostgresClient) async throws -> RemotePushOutcome {
        var item = queued
        let route = route
        var machines: [(name: String, route: String, devices: Set<String>)] = []
        let rows = try await client.query(
            "SELECT machine, sealed FROM baton.machines WHERE machine <> \(route)", logger: logger)
        for try await (other, sealed) in rows.decode((String, Data?).self) {
            if let card = MachineCard.open(route: other, sealed: sealed, owner: record.owner, key: key) {
                machines.append((card.name, other, card.reachable))
            }
        }
        machines.sort { $0.name < $1.name }
        var targets: [String]?
        if let target = item.request.intake.device {
            // `device@machine` (as `baton devices` shows another machine's device) or a bare name, which must be
            // on one machine only; the sealed push names both, so that machine's daemon delivers it to its device.
            let (device, named) = Self.split(target)
            machines = machines.filter { $0.devices.contains(device) && (named == nil || $0.name == named) }
            guard let only = machines.first else {
                return RemotePushOutcome(dropped: true, note: "no machine of the account has device \(target)")
            }
            guard machines.count == 1 else {
                return RemotePushOutcome(
                    dropped: true,
                    note:
                        "device \(device) is on \(machines.count) machines (\(machines.map(\.name).joined(separator: ", "))); "
                        + "name one as \(device)@\(only.name)")
            }
            item.request.intake.device = "\(device)@\(only.name)"
            targets = [only.route]
        }
        guard !machines.isEmpty else { return RemotePushOutcome(note: "the account has no other machine") }
        let intake = item.request.intake
        let (sealed, size) = try PushRow.seal(
            item, machine: record.machine, from: route, owner: record.owner, key: key)
        let immediate = intake.push.expiration == .immediately
        let expiresAt = PushRow.expiresAt(intake.push)
        // The account's next change number first, so change numbers commit in order (`ServerSchema`, migration 6).
        try await client.query(
            """
            WITH turn AS (SELECT baton.next_change() AS seq),
            written AS (
                INSERT INTO baton.pushes (id, seq, from_machine, targets, sealed, size, immediate, expires_at)
                SELECT \(item.id), turn.seq, \(route), \(targets), \(sealed), \(size), \(immediate), \(expiresAt)
                FROM turn
                ON CONFLICT (owner, id) DO NOTHING
                RETURNING seq)
            SELECT pg_notify(\(channel), 'push') FROM written
            """, logger: logger)
        // Rows every machine has read, and expired ones, go.
        try await client.query("SELECT baton.forget_pushes(\(route))", logger: logger)
        return RemotePushOutcome(sent: machines.map(\.name))
    }

    func nextRequestID() -> UInt64 {
        requestCounter += 1
        return requestCounter
    }
}
