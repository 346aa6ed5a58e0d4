import Foundation
import Notifications
import PostgresNIO
import Wire

/// Reading `baton.pushes`: the rows after this link's read position that are for this machine, each posted once
/// into the daemon; the saved cursor follows the daemon's answers (`PushBridge+Answers.swift`).
extension PushBridge {
    /// Reads the rows after `readSeq` meant for this machine and posts each into the daemon as a push from its
    /// origin; then tells the server how far the saved cursor is (rows every machine has read are deleted). A
    /// first run starts at the server's newest row (a machine that joins gets no history).
    func pull(_ client: PostgresClient) async throws {
        let route = route
        if readSeq == nil {
            if cursor.seq == nil {
                let newest =
                    try await client.query("SELECT coalesce(max(seq), 0)::bigint FROM baton.pushes", logger: logger)
                    .collect().first?.decode(Int64.self) ?? 0
                try cursor.advance(to: newest)
            }
            readSeq = cursor.seq
        }
        let after = readSeq ?? 0
        let rows = try await client.query(
            """
            SELECT seq, id, from_machine, sealed, immediate,
                extract(epoch FROM now() - created_at)::float8, coalesce(expires_at <= now(), false), created_at
            FROM baton.pushes
            WHERE seq > \(after) AND from_machine <> \(route) AND (targets IS NULL OR \(route) = ANY(targets))
            ORDER BY seq
            """, logger: logger)
        for try await (seq, id, from, sealed, immediate, age, expired, created) in rows.decode(
            (Int64, String, String, Data, Bool, Double, Bool, Date).self)
        {
            // Read already by a newer pull (this one went on after its round's deadline), or posted and not
            // answered yet: each row is posted once in a link's life, in order.
            if let done = readSeq, seq <= done { continue }
            // Expiration judged on the server's clock alone (written and read there): machines' clocks may differ.
            if expired || (immediate && age > PushRow.immediateWindow) {
                logger.info("expired push from another machine dropped", metadata: ["from": "\(from)"])
            } else {
                do {
                    let row = try PushRow.open(sealed, owner: record.owner, id: id, from: from, key: key)
                    post(row.request, from: row.machine, row: id, seq: seq)
                } catch {
                    skipped.pass(
                        SkippedRows.Row(
                            table: "pushes", seq: seq, machine: from, writtenAt: created,
                            reason: "push \(id): \(error)"),
                        logger: logger)
                }
            }
            readSeq = max(readSeq ?? seq, seq)
            try settleCursor()
        }
        if let seq = cursor.seq, seq != reported {
            try await client.query("SELECT baton.read_pushes(\(route), \(seq))", logger: logger)
            reported = seq
        }
    }

    /// `device@machine` as its parts (a bare name: no machine).
    static func split(_ target: String) -> (device: String, machine: String?) {
        guard let at = target.lastIndex(of: "@"), at != target.startIndex else { return (target, nil) }
        return (String(target[..<at]), String(target[target.index(after: at)...]))
    }

    /// Hands a push from `origin` (server row `id`, change number `seq`) to this machine's daemon, for its own
    /// devices; or an answer to a notification this machine posted (other machines' answers are not this one's:
    /// they are read past). What is posted holds the saved cursor below `seq` until the daemon answers it.
    private func post(_ request: PushRelayRequest, from origin: String, row id: String, seq: Int64) {
        let message: NotificationMessage
        if var answer = request.answer {
            if answer.closedAtOrigin == true { answer.machine = origin }
            guard answer.machine == record.machine || answer.closedAtOrigin == true else { return }
            message = .remoteAnswer(answer)
        } else {
            var intake = request.intake
            intake.device = intake.device.map { Self.split($0).device }
            intake.origin = origin
            intake.identifier = request.identifier
            intake.row = id
            message = .push(intake)
        }
        send(Post(seq: seq, message: message))
    }

    /// Posts `post` under a new request id; it holds the cursor until it is answered, even when there is no daemon
    /// to send it to (the next link posts it again).
    func send(_ post: Post) {
        let requestID = nextRequestID()
        guard let wire = try? post.message.wire(requestID: requestID) else { return }
        posts[requestID] = post
        daemon?.send(wire)
    }
}
