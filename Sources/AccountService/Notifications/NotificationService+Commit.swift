import Foundation
import NIOCore
import Notifications
import Wire

extension NotificationService {
    /// Sends `answer` once every change queued so far has committed. The daemon's rule (README): an answer
    /// that promises durability (`added`, `waiting` in `pushed`, removals, settings, categories, badges) is
    /// sent after the transaction that makes it true; a failed commit is answered with 507 instead.
    func answerAfterCommit(_ answer: NotificationMessage, requestID: UInt64?, to connection: ClientConnection) {
        afterCommit { service, committed in
            guard committed else {
                return connection.fail(
                    requestID, code: WireFailure.storageFailed,
                    "the daemon could not store the change; nothing was changed (try again)")
            }
            service.send(answer, requestID: requestID, to: connection)
        }
    }

    /// Runs `body` on the loop once every change queued so far has ended (in order with the commits' other
    /// callbacks), told whether they committed. Called on the loop.
    func afterCommit(_ body: @escaping (NotificationService, _ committed: Bool) -> Void) {
        let loop = eventLoop
        let bound = NIOLoopBound((service: self, body: body), eventLoop: loop)
        table.write({ _ in }) { committed in
            loop.execute { bound.value.body(bound.value.service, committed) }
        }
    }

    /// Sends a delivery, encoded once (`EncodedDelivery`) when it comes so.
    func sendDelivery(
        _ notification: DeliveredNotification, encoded: EncodedDelivery?, requestID: UInt64?,
        to connection: ClientConnection
    ) {
        guard let encoded else {
            return send(.notificationDelivered(notification), requestID: requestID, to: connection)
        }
        connection.send(encoded.wire(requestID: requestID))
    }

    func send(_ message: NotificationMessage, requestID: UInt64?, to connection: ClientConnection) {
        do {
            connection.send(try message.wire(requestID: requestID))
        } catch {
            logger.error("cannot encode \(message.kind)", metadata: ["error": "\(error)"])
        }
    }
}
