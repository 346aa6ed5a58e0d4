import Notifications
import UserNotifications

extension NotificationsApp {
    /// Tells each app whose pending notifications on this device changed which are still to come.
    func announcePending() {
        var now: [String: Set<String>] = [:]
        for pending in ledger.pending where pending.owner.device == device {
            now[pending.owner.bundleIdentifier, default: []].insert(pending.request.identifier)
        }
        for bundle in Set(now.keys).union(announcedPending.keys) where now[bundle] != announcedPending[bundle] {
            let identifiers = now[bundle] ?? []
            port.post(
                PendingNotificationsChanged(bundleIdentifier: bundle, identifiers: identifiers),
                to: .app(appName(bundle)))
        }
        announcedPending = now
    }
}
