import BatonEnvironment
import Foundation
import GRDB
import Logging
import NIOCore
import Notifications
import Wire

/// Bounds on pushes waiting for absent devices and on the devices remembered: a device keeps at most
/// `maxWaitingPerDevice` pushes (a push with the collapse id of one waiting replaces it; past the bound the
/// oldest leaves), and a device that has not connected for `deviceExpiry`, or the least recently seen past
/// `maxDevices`, is forgotten with the pushes that waited for it, its apps' settings and categories (the apps
/// only it had are no longer known). Every push that leaves unsent is logged and
/// told to followers (`notificationsRemoved`, reason `collapsed`, `overflow` or `expired`).
extension NotificationService {
    /// Queues `push` for its absent device, within the device's bound; returns the change that stores it (and
    /// removes what the bound drops), for the caller to commit with the rest of its change.
    func queue(_ push: NotificationTable.WaitingPush) -> @Sendable (Database) throws -> Void {
        var mine = waiting[push.device] ?? []
        var dropped: [NotificationTable.WaitingPush] = []
        if let collapseID = push.collapseID {
            dropped = mine.filter { $0.collapseID == collapseID }
            mine.removeAll { $0.collapseID == collapseID }
            reportUnsent(dropped, reason: .collapsed)
        }
        mine.append(push)
        let overflow = Array(mine.prefix(max(0, mine.count - limits.maxWaitingPerDevice)))
        mine.removeFirst(overflow.count)
        reportUnsent(overflow, reason: .overflow)
        waiting[push.device] = mine
        let gone = (dropped + overflow).map(\.sequence)
        return { db in
            try NotificationTable.queuePush(push, in: db)
            try NotificationTable.deletePushes(gone, in: db)
        }
    }

    /// Remembers that `device` is here now (a registration, or a follower standing in for it).
    func sawDevice(_ device: String) {
        knownDevices.insert(device)
        deviceSeen[device] = clock.now()
        forgetStaleDevices()
    }

    /// Looks for devices to forget every `deviceSweepInterval` (an hour), for a daemon that runs long without a
    /// registration. Called on the loop.
    func armDeviceSweep() {
        let bound = NIOLoopBound(self, eventLoop: eventLoop)
        _ = clock.schedule(after: limits.deviceSweepInterval) {
            bound.value.forgetStaleDevices()
            bound.value.armDeviceSweep()
        }
    }

    /// Forgets the devices not here that have not connected for `deviceExpiry`, then, past `maxDevices`, the
    /// least recently seen others that are not here.
    func forgetStaleDevices() {
        let now = clock.now()
        // A device known only by its requests (or from before this bookkeeping) counts from now.
        for device in knownDevices where deviceSeen[device] == nil { deviceSeen[device] = now }
        let absent = knownDevices.filter { !isPresent($0) }
        var stale = absent.filter { now.timeIntervalSince(deviceSeen[$0] ?? now) > limits.deviceExpiry }
        let excess = knownDevices.count - stale.count - limits.maxDevices
        if excess > 0 {
            let oldest = absent.subtracting(stale).sorted { (deviceSeen[$0] ?? now, $0) < (deviceSeen[$1] ?? now, $1) }
            stale.formUnion(oldest.prefix(excess))
        }
        guard !stale.isEmpty else { return }
        let quiet = stale.sorted().filter { !forget($0, lastSeen: deviceSeen[$0] ?? now) }
        if !quiet.isEmpty {
            logger.notice(
                "devices known only by their requests forgotten",
                metadata: ["count": "\(quiet.count)", "first": "\(BoundedQuote.escaped(quiet[0]))"])
        }
        // The apps known are those of the devices remembered, of pending requests and of followers.
        knownApps = Set([Self.cliBundleIdentifier]).union(deviceApps.values.joined())
            .union(scheduler.books.keys.map(\.bundleIdentifier))
            .union(followers.values.compactMap(\.filter.bundleIdentifier))
    }

    /// Forgets `device`; returns whether it was logged (a registered device, or one with pushes waiting).
    private func forget(_ device: String, lastSeen: Date) -> Bool {
        knownDevices.remove(device)
        deviceSeen[device] = nil
        let registered = deviceApps.removeValue(forKey: device) != nil
        dropApps { $0.device == device }
        tokens = tokens.filter { $0.value.owner.device != device }
        let unsent = waiting.removeValue(forKey: device) ?? []
        table.write { db in try NotificationTable.forgetDevice(device, in: db) }
        guard registered || !unsent.isEmpty else { return false }
        logger.notice(
            "device forgotten",
            metadata: [
                "device": "\(BoundedQuote.escaped(device))", "lastSeen": "\(lastSeen)",
                "unsentPushes": "\(unsent.count)",
            ])
        reportUnsent(unsent, reason: .expired)
        return true
    }

    /// Logs and tells followers that `pushes` leave without reaching their device.
    private func reportUnsent(_ pushes: [NotificationTable.WaitingPush], reason: RemovalReason) {
        guard !pushes.isEmpty else { return }
        let byOwner = Dictionary(grouping: pushes, by: \.notification.owner)
        for (owner, list) in byOwner {
            let identifiers = list.map(\.notification.request.identifier)
            logger.info(
                "queued push dropped",
                metadata: [
                    "app": "\(BoundedQuote.escaped(owner.bundleIdentifier))",
                    "device": "\(BoundedQuote.escaped(owner.device))", "count": "\(identifiers.count)",
                    "reason": "\(reason.rawValue)",
                ])
            tellFollowers(
                .notificationsRemoved(
                    NotificationsRemoved(owner: owner, identifiers: identifiers, pending: true, reason: reason)),
                owner: owner)
        }
    }
}
