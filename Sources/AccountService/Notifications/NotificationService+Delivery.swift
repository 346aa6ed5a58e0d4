import BatonEnvironment
import Foundation
import GRDB
import Logging
import NIOCore
import Notifications
import Wire

/// Firing and delivering: a batch of fires commits with its delivered records, then is announced from one
/// place (`announce`); a device that comes back gets what it missed, each delivery once.
extension NotificationService {
    func deviceRegistered(_ connection: ClientConnection) {
        // Another machine's device shown here by the account link is not sent this machine's notifications.
        guard let device = connection.device, device.machine == nil else { return }
        deviceApps[device.name] = Set(device.apps.map(\.bundleIdentifier))
        knownApps.formUnion(deviceApps[device.name] ?? [])
        sawDevice(device.name)
        // What was delivered while the device was away, in order, each once: only what has committed is sent
        // here; a delivery whose fire is still committing stays unsent and `announce` sends it (the device is
        // connected by then), so a restart's first fires and this replay never both send one.
        for (owner, identifiers) in unsent where owner.device == device.name {
            let notifications = (delivered[owner] ?? [])
                .filter { identifiers.contains($0.request.identifier) && ($0.sequence ?? 0) <= committedThrough }
                .sorted { ($0.sequence ?? 0) < ($1.sequence ?? 0) }
            guard !notifications.isEmpty else { continue }
            for notification in notifications {
                send(.notificationDelivered(notification), requestID: nil, to: connection)
            }
            let sent = notifications.map(\.request.identifier)
            unsent[owner]?.subtract(sent)
            if unsent[owner]?.isEmpty == true { unsent[owner] = nil }
            table.write { db in try NotificationTable.markSent(owner, identifiers: sent, in: db) }
        }
        deliverWaitingPushes(to: device.name)
    }

    func connectionClosed(_ connection: ClientConnection) {
        // A device's expiry counts from when it was last here.
        for name in [connection.device?.name, followers[connection.id]?.filter.device].compactMap({ $0 })
        where knownDevices.contains(name) {
            deviceSeen[name] = clock.now()
        }
        followers[connection.id] = nil
        if relay.detach(connection) {
            logger.info("the account link went away; what is for other machines is held for the next one")
        }
    }

    /// Records a batch of fires (one transaction: pending rows removed or moved on, delivered rows written,
    /// overflow dropped, and `alongWith` when given), then, once committed, tells the devices and followers.
    /// Each delivery is encoded once, for its row and for every message that carries it. A small batch of
    /// the scheduler's commits at once on the loop when the writer is idle (`commitsOnTheLoop`): no hop to
    /// the writer's thread and back between the timer and the socket.
    func fire(
        _ firings: [NotificationScheduler.Firing], alongWith extra: (@Sendable (Database) throws -> Void)? = nil
    ) {
        let now = clock.now()
        var onTheLoop = extra == nil && commitsOnTheLoop(firings)
        var records: [(EncodedDelivery?, DeliveredNotification, Bool)] = []
        var dropped: [(NotificationOwner, [String])] = []
        var remaining: [NotificationTable.PendingRow] = []
        var finished: [(NotificationOwner, String)] = []
        for firing in firings {
            let connected = isPresent(firing.owner.device)
            sequence += 1
            let notification = DeliveredNotification(
                owner: firing.owner, request: firing.request, date: now, lateBy: firing.lateBy, sequence: sequence)
            // One that cannot be encoded is encoded again in the transaction, which then fails: no one hears.
            records.append((try? EncodedDelivery(notification), notification, !connected))
            dropped.append((firing.owner, record(notification, unsent: !connected)))
            if let next = firing.nextFire {
                remaining.append(
                    .init(owner: firing.owner, request: firing.request, anchor: firing.anchor, nextFire: next))
            } else {
                finished.append((firing.owner, firing.request.identifier))
            }
        }
        // Over the content budget, the oldest of any app go: their attachments were not looked at.
        let trimmed = trimDelivered()
        if !trimmed.isEmpty { onTheLoop = false }
        dropped += trimmed
        let loop = eventLoop
        let bound = NIOLoopBound(self, eventLoop: loop)
        let committed = firings
        let deliveredNow = records.map { ($0.0, $0.1) }
        let (finishedRows, remainingRows, recordRows, droppedRows) = (finished, remaining, records, dropped)
        let change: @Sendable (Database) throws -> Void = { db in
            for (owner, identifier) in finishedRows {
                try NotificationTable.deletePending(owner, identifiers: [identifier], in: db)
            }
            for row in remainingRows { try NotificationTable.savePending(row, in: db) }
            for (encoded, notification, isUnsent) in recordRows {
                try NotificationTable.saveDelivered(
                    notification, json: try encoded?.body ?? NotificationTable.json(notification),
                    sequence: notification.sequence ?? 0, unsent: isUnsent, in: db)
            }
            for (owner, identifiers) in droppedRows where !identifiers.isEmpty {
                try NotificationTable.deleteDelivered(owner, identifiers: identifiers, in: db)
            }
            try extra?(db)
        }
        // On the loop, `then` runs at once there, and `execute` queues the announcement behind the current
        // task without waking a thread: it still leaves after the commit, from `announce` alone.
        let then: @Sendable (Bool) -> Void = { wasCommitted in
            // A batch that did not commit is announced to no one (the error is logged).
            guard wasCommitted else { return }
            loop.execute {
                let service = bound.value
                service.committedThrough = max(
                    service.committedThrough, deliveredNow.compactMap(\.1.sequence).max() ?? 0)
                for (encoded, notification) in deliveredNow {
                    service.announce(notification, encoded: encoded)
                    service.armExpiry(notification)
                }
                service.onCommittedFires(committed)
            }
        }
        if onTheLoop { table.writeAtOnceWhenIdle(change, then: then) } else { table.write(change, then: then) }
    }

    /// The most fires committed at once on the loop; a larger batch (missed ones after a restart) is queued.
    static let maxFiresCommittedOnTheLoop = 32

    /// Whether `firings` may commit on the loop: few, and no attachment in them or in the delivered
    /// notifications they replace or push out (a copy released there is looked up across the tables after
    /// the commit, which is not for the loop). Called before they are recorded.
    func commitsOnTheLoop(_ firings: [NotificationScheduler.Firing]) -> Bool {
        firings.count <= Self.maxFiresCommittedOnTheLoop
            && !firings.contains { firing in
                !firing.request.content.attachments.isEmpty
                    || (delivered[firing.owner] ?? []).contains { !$0.request.content.attachments.isEmpty }
            }
    }

    /// Adds `notification` on top of its owner's delivered list (replacing one with the same identifier);
    /// returns the identifiers dropped beyond the 100 kept.
    func record(_ notification: DeliveredNotification, unsent isUnsent: Bool) -> [String] {
        let owner = notification.owner
        var list = delivered[owner] ?? []
        list.removeAll { $0.request.identifier == notification.request.identifier }
        list.append(notification)
        var droppedIdentifiers: [String] = []
        if list.count > limits.maxDeliveredPerOwner {
            let overflow = list.prefix(list.count - limits.maxDeliveredPerOwner)
            droppedIdentifiers = overflow.map(\.request.identifier)
            list.removeFirst(overflow.count)
            for identifier in droppedIdentifiers { unsent[owner]?.remove(identifier) }
        }
        delivered[owner] = list
        deliveredContentBytes += ContentCheck.weight(of: notification.request, owner: owner)
        if isUnsent { unsent[owner, default: []].insert(notification.request.identifier) }
        return droppedIdentifiers
    }

    /// Sends a committed delivery to its device (when connected) and to followers, as `encoded` when given
    /// (the text its row holds).
    func announce(_ notification: DeliveredNotification, encoded: EncodedDelivery? = nil) {
        let owner = notification.owner
        if let device = devices.connection(named: owner.device) {
            sendDelivery(notification, encoded: encoded, requestID: nil, to: device)
            if unsent[owner]?.remove(notification.request.identifier) != nil {
                let identifier = notification.request.identifier
                table.write { db in try NotificationTable.markSent(owner, identifiers: [identifier], in: db) }
            }
        } else if isPresent(owner.device) {
            // A follower stands in for the device (`baton notifications --follow --device D`).
            if unsent[owner]?.remove(notification.request.identifier) != nil {
                let identifier = notification.request.identifier
                table.write { db in try NotificationTable.markSent(owner, identifiers: [identifier], in: db) }
            }
        } else if unsent[owner]?.contains(notification.request.identifier) != true {
            // It disconnected between the fire and the commit: it gets it when it comes back.
            unsent[owner, default: []].insert(notification.request.identifier)
            let identifier = notification.request.identifier
            table.write { db in
                try db.execute(
                    sql:
                        "UPDATE notificationDelivered SET unsent = 1 WHERE bundle = ? AND device = ? AND identifier = ?",
                    arguments: [owner.bundleIdentifier, owner.device, identifier])
            }
        }
        for follower in followers.values where follower.filter.matches(owner) {
            sendDelivery(notification, encoded: encoded, requestID: follower.requestID, to: follower.connection)
        }
        if let bridge = desktopBridge(), showsOnDesktop(notification) {
            let category = appRow(owner).categories.first {
                $0.identifier == notification.request.content.categoryIdentifier
            }
            bridge.forward(notification, actions: category?.actions ?? [])
        }
    }

    /// Sends a response to the notification's device (unless it came from there) and to followers.
    func relay(_ response: NotificationResponse, from connection: ClientConnection?) {
        let owner = response.notification.owner
        answerOrigin(of: response)
        if let device = devices.connection(named: owner.device), device !== connection {
            send(.notificationResponse(response), requestID: nil, to: device)
        }
        tellFollowers(.notificationResponse(response), owner: owner)
    }

    /// An action chosen or a dismissal on the desktop: one response (to the device that got the newest copy)
    /// and the notification leaves every device, as when it is acted on or dismissed in the suite.
    func desktopDid(_ event: FreedesktopBridge.Event) {
        let key: FreedesktopBridge.Key
        switch event {
        case .action(let chosen, let actionIdentifier, let token):
            key = chosen
            let copies = delivered.filter { $0.key.bundleIdentifier == key.bundleIdentifier }.values.flatMap { $0 }
                .filter { $0.request.identifier == key.identifier }
            guard let newest = copies.max(by: { $0.date < $1.date }) else { return }
            relay(
                NotificationResponse(notification: newest, actionIdentifier: actionIdentifier, activationToken: token),
                from: nil)
        case .dismissed(let dismissed): key = dismissed
        }
        _ = removeDelivered(
            NotificationFilter(bundleIdentifier: key.bundleIdentifier, identifiers: [key.identifier]),
            reason: .requested)
    }
}
