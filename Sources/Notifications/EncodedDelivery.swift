import Foundation
import Wire

/// A delivered notification with its JSON made once: the daemon stores that text in the delivered row and
/// sends it as the body of `notificationDelivered` to the device and every follower, instead of encoding the
/// notification again for each of them. The body is what `NotificationMessage.notificationDelivered(_:)`
/// would carry.
public struct EncodedDelivery: Sendable {
    public let notification: DeliveredNotification
    /// `notification` as JSON text.
    public let body: String

    public init(_ notification: DeliveredNotification) throws {
        self.notification = notification
        body = String(decoding: try JSONEncoder().encode(notification), as: UTF8.self)
    }

    /// The `notificationDelivered` message carrying `body`, answering `requestID` (a follower's) when given.
    public func wire(requestID: UInt64? = nil) -> WireMessage {
        .notification(NotificationEnvelope(kind: Self.kind, requestID: requestID, body: body))
    }

    /// The envelope's kind, as `NotificationKind.all` names `notificationDelivered` (a test compares the two).
    private static let kind = "notificationDelivered"
}
