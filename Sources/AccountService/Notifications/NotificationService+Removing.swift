import BatonEnvironment
import Foundation
import Logging
import NIOCore
import Notifications
import Wire

/// Removing pending and delivered notifications, answered once the removal has committed.
extension NotificationService {

    func removePending(_ filter: NotificationFilter) -> Int {
        var count = 0
        for owner in scheduler.books.keys where filter.matches(owner) {
            let removed = scheduler.remove(owner: owner, identifiers: filter.identifiers)
            guard !removed.isEmpty else { continue }
            count += removed.count
            table.write { db in try NotificationTable.deletePending(owner, identifiers: removed, in: db) }
            tellFollowers(
                .notificationsRemoved(
                    NotificationsRemoved(owner: owner, identifiers: removed, pending: true, reason: .requested)),
                owner: owner)
        }
        return count
    }

    func removeDelivered(_ filter: NotificationFilter, reason: RemovalReason) -> Int {
        var count = 0
        var answered: Set<String> = []
        for (owner, list) in delivered where filter.matches(owner) {
            let removed = list.filter { filter.matches(owner, identifier: $0.request.identifier) }.map(
                \.request.identifier)
            guard !removed.isEmpty else { continue }
            count += removed.count
            if reason == .requested {
                dismissOrigins(owner, removed, everyDevice: filter.device == nil, sent: &answered)
            }
            delivered[owner] = list.filter { !removed.contains($0.request.identifier) }
            for identifier in removed { unsent[owner]?.remove(identifier) }
            if let bridge = desktopBridge() {
                for identifier in removed where !isDelivered(bundle: owner.bundleIdentifier, identifier: identifier) {
                    bridge.close(bundleIdentifier: owner.bundleIdentifier, identifier: identifier)
                }
            }
            table.write { db in try NotificationTable.deleteDelivered(owner, identifiers: removed, in: db) }
            let notice = NotificationMessage.notificationsRemoved(
                NotificationsRemoved(owner: owner, identifiers: removed, pending: false, reason: reason))
            if let device = devices.connection(named: owner.device) { send(notice, requestID: nil, to: device) }
            tellFollowers(notice, owner: owner)
        }
        return count
    }
}
