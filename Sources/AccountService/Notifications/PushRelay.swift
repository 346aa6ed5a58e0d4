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
    private var asks: [UInt64: (answer: (RemotePushOutcome) -> Void, deadline: any ArmedDeadline)] = [:]
    private var nextRequestID: UInt64 = 1

    init(clock: any DeadlineClock) { self.clock = clock }

    /// Whether this machine's account link takes pushes for other machines.
    var isAttached: Bool { link != nil }

    /// `connection` is the account link: pushes for other machines go to it.
    func attach(_ connection: ClientConnection) { link = connection }

    /// The link went away: what waited for it is answered at once.
    func detach(_ connection: ClientConnection) {
        guard link === connection else { return }
        link = nil
        let waiting = asks
        asks = [:]
        for ask in waiting.values {
            ask.deadline.cancel()
            ask.answer(RemotePushOutcome(note: "the account link stopped"))
        }
    }

    /// Hands `request` to the link; `answer` runs once, with the link's outcome or, after the deadline, a note.
    func ask(_ request: PushRelayRequest, answer: @escaping (RemotePushOutcome) -> Void) throws {
        guard let link else { return answer(RemotePushOutcome(note: "the account link is not running")) }
        let requestID = nextRequestID
        nextRequestID += 1
        let deadline = clock.schedule(after: Self.answerDeadline) { [weak self] in
            self?.answered(requestID, RemotePushOutcome(queued: true, note: "the account link did not answer yet"))
        }
        asks[requestID] = (answer, deadline)
        link.send(try NotificationMessage.relayPush(request).wire(requestID: requestID))
    }

    /// The link's answer to the request `requestID` (late or unknown answers are ignored).
    func answered(_ requestID: UInt64?, _ outcome: RemotePushOutcome) {
        guard let requestID, let ask = asks.removeValue(forKey: requestID) else { return }
        ask.deadline.cancel()
        ask.answer(outcome)
    }
}
