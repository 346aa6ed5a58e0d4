import BatonEnvironment
import Foundation
import Notifications

/// The daemon's side of pushes across machines: the account link that asked for them (`relayPushes`) and the
/// pushes handed to it that wait for its answer. A push that came from another machine is never handed on
/// (`PushIntake.origin`), so a push crosses the server once.
///
/// Lives on the daemon's event loop only (`@unchecked Sendable` so a deadline, which the clock runs on the
/// loop, can reach it).
final class PushRelay: @unchecked Sendable {
    /// How long `baton push` waits for the link's answer (the link answers within about two seconds: it
    /// queues what the server does not take at once).
    static let answerDeadline = 5.0

    private let clock: any DeadlineClock
    private var link: ClientConnection?
    /// The pushes handed to the attached link and not answered by it yet, by request; `answer` is nil once the
    /// deadline answered the user (the push is then held on disk until the link's answer).
    private var asks:
        [UInt64: (request: PushRelayRequest, answer: ((RemotePushOutcome) -> Void)?, deadline: any ArmedDeadline)] =
            [:]
    private var nextRequestID: UInt64 = 1
    /// Pushes for other machines made while the machine is linked but its link is not attached (killed, restarting):
    /// kept on disk until the link has taken them (its answer), handed over each time a link attaches.
    private let heldFile: URL
    private let linkFile: URL
    /// The held pushes handed to the attached link and not answered yet, by request.
    private var handed: [UInt64: String] = [:]

    init(clock: any DeadlineClock, paths: BatonPaths) {
        self.clock = clock
        heldFile = paths.stateDirectory.appendingPathComponent("account-relay-held.json")
        linkFile = paths.linkRecord
    }

    /// The held pushes, read from their file each time (`account leave` removes it: they are dropped then).
    private var held: [PushRelayRequest] {
        get {
            FileManager.default.contents(atPath: heldFile.path).flatMap {
                try? JSONDecoder().decode([PushRelayRequest].self, from: $0)
            } ?? []
        }
        set {
            try? PrivateFile.write(
                (try? JSONEncoder().encode(newValue)) ?? Data("[]".utf8), to: heldFile, durable: true)
        }
    }

    /// Whether a push for every device goes to other machines too: the link takes it, or the machine is linked and
    /// its link will take it when it is back.
    var forwards: Bool { link != nil || FileManager.default.fileExists(atPath: linkFile.path) }

    /// `connection` is the account link: pushes for other machines go to it, the held ones first.
    func attach(_ connection: ClientConnection) {
        link = connection
        for request in held {
            let requestID = nextRequestID
            nextRequestID += 1
            handed[requestID] = request.identifier
            if let message = try? NotificationMessage.relayPush(request).wire(requestID: requestID) {
                connection.send(message)
            }
        }
    }

    /// The link went away: what waited for it is answered at once. Whether `connection` was the link.
    @discardableResult func detach(_ connection: ClientConnection) -> Bool {
        guard link === connection else { return false }
        link = nil
        handed = [:]
        let waiting = asks
        asks = [:]
        // What it had not answered may not be in its outbox: held for the next link (a resend keeps its identifier,
        // so a device that has it already holds it once). Those the deadline answered are held already.
        if forwards {
            held += waiting.keys.sorted().compactMap { waiting[$0].flatMap { $0.answer == nil ? nil : $0.request } }
        }
        for ask in waiting.values {
            ask.deadline.cancel()
            ask.answer?(
                forwards
                    ? RemotePushOutcome(queued: true, note: "the account link stopped; sent when it is back")
                    : RemotePushOutcome(note: "the account link stopped"))
        }
        return true
    }

    /// Hands `request` to the link; `answer` runs once, with the link's outcome or, after the deadline, a note.
    func ask(_ request: PushRelayRequest, answer: @escaping (RemotePushOutcome) -> Void) throws {
        guard let link else {
            guard forwards else { return answer(RemotePushOutcome(note: "the account link is not running")) }
            held.append(request)
            return answer(
                RemotePushOutcome(queued: true, note: "the account link is restarting; sent when it is back"))
        }
        let requestID = nextRequestID
        nextRequestID += 1
        let deadline = clock.schedule(after: Self.answerDeadline) { [weak self] in self?.overdue(requestID) }
        asks[requestID] = (request, answer, deadline)
        link.send(try NotificationMessage.relayPush(request).wire(requestID: requestID))
    }

    /// The link's answer to the request `requestID` (late or unknown answers are ignored).
    func answered(_ requestID: UInt64?, _ outcome: RemotePushOutcome) {
        if let requestID, let identifier = handed.removeValue(forKey: requestID) {
            // The link has it in its outbox now (it answers after keeping it).
            held.removeAll { $0.identifier == identifier }
            return
        }
        guard let requestID, let ask = asks.removeValue(forKey: requestID) else { return }
        ask.deadline.cancel()
        guard let answer = ask.answer else {
            // Answered at its deadline and held since: the link has it now.
            held.removeAll { $0.identifier == ask.request.identifier }
            return
        }
        answer(outcome)
    }

    /// The link has not answered `requestID` within `answerDeadline` (stopped, or slow to reach the server): the
    /// push is held on disk first, then the user is told it is queued. Told before, it was lost when the link was
    /// killed before keeping it: the answer promised what nothing kept.
    private func overdue(_ requestID: UInt64) {
        guard let ask = asks[requestID], let answer = ask.answer else { return }
        held.append(ask.request)
        asks[requestID]?.answer = nil
        answer(RemotePushOutcome(queued: true, note: "the account link did not answer yet"))
    }
}
