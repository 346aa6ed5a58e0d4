import BatonEnvironment
import Foundation
import Notifications
import Wire

/// Pushes across machines: what the daemon hands its account link and how it answers `baton push` with it.
extension NotificationService {
    /// Hands `forward` to the account link and answers `outcome` (this machine's part) with where it went beyond.
    func relayPush(
        _ forward: PushRelayRequest, outcome: PushOutcome, requestID: UInt64?, connection: ClientConnection
    ) {
        var outcome = outcome
        askRelay(forward) { [weak self] remote in
            outcome.elsewhere = remote
            // This machine's part (pushes queued for absent devices) is promised only once committed.
            self?.answerAfterCommit(.pushed(outcome), requestID: requestID, to: connection)
        }
    }

    /// A push naming a device this machine does not have: the account link finds the machine that has it;
    /// when none does, the push is refused as an unknown device, as it is on one machine.
    func pushToAnotherMachine(_ intake: PushIntake, requestID: UInt64?, connection: ClientConnection) {
        let identifier = intake.push.request().identifier
        let device = intake.device ?? ""
        askRelay(PushRelayRequest(intake: intake, identifier: identifier)) { [weak self] remote in
            guard !remote.sent.isEmpty || remote.queued else {
                return connection.fail(
                    requestID, code: NotificationFailure.unknownTarget,
                    "\(PushReason.badDeviceToken.rawValue): unknown device \(BoundedQuote.quote(device))"
                        + (remote.note.map { " (\($0))" } ?? ""))
            }
            self?.send(
                .pushed(
                    PushOutcome(identifier: identifier, delivered: [], waiting: [], dropped: [], elsewhere: remote)),
                requestID: requestID, to: connection)
        }
    }

    /// Hands `request` to the account link; `answer` runs once on the loop.
    private func askRelay(_ request: PushRelayRequest, answer: @escaping (RemotePushOutcome) -> Void) {
        do {
            try relay.ask(request, answer: answer)
        } catch {
            answer(RemotePushOutcome(note: "cannot hand it to the account link: \(error)"))
        }
    }

    /// The link dropped a push it had queued for another machine's device (no machine has it any more): logged
    /// and told to followers, as a removal of a pending push (reason `unreachable`).
    func reportDropped(_ push: PushIdentity, note: String?) {
        let owner = NotificationOwner(bundleIdentifier: push.bundleIdentifier, device: push.device)
        logger.warning(
            "queued push for another machine dropped",
            metadata: [
                "app": "\(BoundedQuote.escaped(push.bundleIdentifier))",
                "device": "\(BoundedQuote.escaped(push.device))", "reason": "\(note ?? "")",
            ])
        tellFollowers(
            .notificationsRemoved(
                NotificationsRemoved(owner: owner, identifiers: [push.identifier], pending: true, reason: .unreachable)),
            owner: owner)
    }
}
