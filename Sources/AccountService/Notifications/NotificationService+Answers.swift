import Foundation
import NIOCore
import Notifications
import Wire

/// Pending and delivered answers, however long: in frames under the frame limit (`NotificationListPieces`),
/// one piece at a time, so a connection never holds more than one piece waiting for its reader.
extension NotificationService {
    func answerPending(_ filter: NotificationFilter, requestID: UInt64?, to connection: ClientConnection) {
        let list = scheduler.pending { filter.matches($0) }
        sendOneAtATime(
            NotificationListPieces.pending(list, budget: NotificationLimits.pieceBudget), requestID: requestID,
            to: connection)
    }

    func answerDelivered(_ filter: NotificationFilter, requestID: UInt64?, to connection: ClientConnection) {
        // Only committed deliveries: one a crash could still undo is not listed (it is announced once its
        // fire commits).
        let list = delivered.filter { filter.matches($0.key) }.values.flatMap { $0 }
            .filter { ($0.sequence ?? 0) <= committedThrough }
            .sorted { $0.date > $1.date }
        sendOneAtATime(
            NotificationListPieces.delivered(list, budget: NotificationLimits.pieceBudget), requestID: requestID,
            to: connection)
    }

    /// Sends `frames` in order, each once the one before reached the socket; stops when one cannot be sent.
    private func sendOneAtATime(_ frames: [NotificationMessage], requestID: UInt64?, to connection: ClientConnection) {
        var rest = frames[...]
        func next() {
            guard let frame = rest.popFirst() else { return }
            let wire: WireMessage
            do {
                wire = try frame.wire(requestID: requestID)
            } catch {
                logger.error("cannot encode \(frame.kind)", metadata: ["error": "\(error)"])
                return connection.fail(requestID, code: WireFailure.payloadTooLarge, "the answer cannot be encoded")
            }
            connection.send(wire, whenWritten: rest.isEmpty ? nil : { written in if written { next() } })
        }
        next()
    }
}
