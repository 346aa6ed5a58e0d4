import BatonEnvironment
import Foundation
import Notifications
import Wire

/// Listing and removing by filter (`baton notifications`), and refusing a filter that names an app or device
/// the daemon does not know (a typo answers 67, not an empty list).
extension NotificationService {
    /// Answers a `pendingQuery`, `deliveredQuery`, `removePending` or `removeDelivered`.
    func listOrRemove(
        _ message: NotificationMessage, filter: NotificationFilter, requestID: UInt64?, connection: ClientConnection
    ) {
        switch message {
        case .pendingQuery:
            answerPending(filter, requestID: requestID, to: connection)
        case .deliveredQuery:
            answerDelivered(filter, requestID: requestID, to: connection)
        case .removePending:
            answerAfterCommit(.removed(removePending(filter)), requestID: requestID, to: connection)
        default:
            answerAfterCommit(
                .removed(removeDelivered(filter, reason: .requested)), requestID: requestID, to: connection)
        }
    }

    /// Why `filter` names no known app or device (nil: it names none, or known ones).
    func unknown(_ filter: NotificationFilter) -> String? {
        if let bundle = filter.bundleIdentifier, !knownApps.contains(bundle) {
            return "unknown app \(BoundedQuote.quote(bundle)): no device of this account has it"
        }
        // A device forgotten by the bounds still has its pending requests listed (they are kept).
        if let device = filter.device, !knownDevices.contains(device),
            !scheduler.books.keys.contains(where: { $0.device == device })
        {
            return "unknown device \(BoundedQuote.quote(device))"
        }
        return nil
    }
}
