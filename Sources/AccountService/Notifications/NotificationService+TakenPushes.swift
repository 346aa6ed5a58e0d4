import BatonEnvironment
import Foundation
import GRDB
import Notifications

/// The statements that mark a push from another machine taken, run in the transaction of what it delivers or
/// queues (`TakenPushes.take`).
typealias TakenChange = @Sendable (Database) throws -> Void

/// Pushes from other machines, each taken once (`TakenPushes`): a link posts a row again when the daemon had not
/// answered it (it died, or its link did), and a row taken already is answered without being delivered again.
extension NotificationService {
    /// Whether `intake` is a push from another machine whose server row was taken here already.
    func isTakenAlready(_ intake: PushIntake) -> Bool {
        guard intake.origin != nil, let row = intake.row else { return false }
        return takenPushes.contains(row)
    }

    /// Marks `intake` taken when it is a push from another machine; the statements to run with its delivery.
    func take(_ intake: PushIntake) -> TakenChange? {
        guard intake.origin != nil, let row = intake.row else { return nil }
        return takenPushes.take(row, at: clock.now())
    }

    /// Called once the push `intake` took has queued its write: if that write does not commit (the push was
    /// answered 507 and the link posts it again), the row is not taken after all.
    func untakeUnlessCommitted(_ intake: PushIntake) {
        guard intake.origin != nil, let row = intake.row else { return }
        afterCommit { service, committed in
            if !committed { service.takenPushes.forget(row) }
        }
    }

    /// Answers a push taken already as a push is answered, after the commit (the first take's among what has
    /// committed by then), and delivers and queues nothing.
    func answerTakenAgain(_ intake: PushIntake, requestID: UInt64?, to connection: ClientConnection) {
        logger.info(
            "push from another machine taken already; not delivered again",
            metadata: [
                "app": "\(BoundedQuote.escaped(intake.push.bundleIdentifier))",
                "from": "\(BoundedQuote.escaped(intake.origin ?? ""))",
            ])
        let outcome = PushOutcome(
            identifier: intake.identifier ?? intake.row ?? "", delivered: [], waiting: [], dropped: [])
        answerAfterCommit(.pushed(outcome), requestID: requestID, to: connection)
    }
}
