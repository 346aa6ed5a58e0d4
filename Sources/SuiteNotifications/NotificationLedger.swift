import Foundation
import Notifications

/// The suite's record of this device's notifications, fed with what the daemon says: delivered ones
/// (newest first), pending requests, and each app's categories, settings and badge. Pure value.
public struct NotificationLedger: Sendable {
    /// Newest first.
    public private(set) var delivered: [DeliveredNotification] = []
    /// Soonest first (those firing on an event last).
    public private(set) var pending: [PendingNotification] = []
    public var categories: [String: [NotificationCategory]] = [:]
    public var settings: [String: NotificationSettings] = [:]
    /// Each app's badge as last set (by its newest notification that set one, a badge-only push), shown or not.
    public private(set) var setBadges: [String: Int] = [:]
    /// The freedesktop programs heard of (their settings, their notifications): bundle identifier → the name
    /// each gave itself, the newest.
    public var programs: [String: String] = [:]

    public init() {}

    /// Puts `notification` on top (replacing one of the same app with the same identifier) and applies its badge.
    public mutating func deliver(_ notification: DeliveredNotification) {
        delivered.removeAll { Self.same($0, notification) }
        delivered.insert(notification, at: 0)
        // A one-shot request that fired is no longer pending (a repeating one stays, with its next date).
        pending.removeAll {
            $0.owner == notification.owner && $0.request.identifier == notification.request.identifier
                && $0.request.trigger?.repeats != true
        }
        if let badge = notification.request.content.badge { setBadges[notification.owner.bundleIdentifier] = badge }
        learnProgram(notification)
    }

    /// Keeps the name a freedesktop program's notification gives.
    mutating func learnProgram(_ notification: DeliveredNotification) {
        let bundle = notification.owner.bundleIdentifier
        guard FreedesktopProgram.isProgram(bundle) else { return }
        programs[bundle] =
            FreedesktopProgram.name(in: notification.request.content) ?? programs[bundle]
            ?? String(bundle.dropFirst(FreedesktopProgram.prefix.count))
    }

    /// Replaces the delivered list (at connect); badges from the newest notification of each app that set one.
    public mutating func replaceDelivered(_ list: [DeliveredNotification]) {
        delivered = list.sorted { $0.date > $1.date }
        for notification in delivered.reversed() {
            if let badge = notification.request.content.badge { setBadges[notification.owner.bundleIdentifier] = badge }
            learnProgram(notification)
        }
    }

    public mutating func replacePending(_ list: [PendingNotification]) {
        pending = list.sorted { ($0.nextFireDate ?? .distantFuture) < ($1.nextFireDate ?? .distantFuture) }
    }

    /// Forgets delivered notifications or pending requests of `owner` with these identifiers.
    public mutating func remove(_ removal: NotificationsRemoved) {
        let names = Set(removal.identifiers)
        if removal.pending {
            pending.removeAll { $0.owner == removal.owner && names.contains($0.request.identifier) }
        } else {
            delivered.removeAll { $0.owner == removal.owner && names.contains($0.request.identifier) }
            // The last of an app's notifications removed (not replaced): its badge goes with them.
            let bundle = removal.owner.bundleIdentifier
            if removal.reason == .requested, !delivered.contains(where: { $0.owner.bundleIdentifier == bundle }) {
                setBadges[bundle] = nil
            }
        }
    }

    public mutating func setBadge(_ count: Int, for bundle: String) { setBadges[bundle] = max(0, count) }

    /// The badges shown (top bar, terminal title, F4): above 0, of apps whose badges are allowed: not denied or
    /// not yet asked, and the Badges setting on (an app whose settings were not heard yet shows its badge).
    public var badges: [String: Int] {
        setBadges.filter { bundle, count in
            guard count > 0 else { return false }
            guard let settings = settings[bundle] else { return true }
            let allowed = settings.authorizationStatus == .authorized || settings.authorizationStatus == .provisional
            return allowed && settings.badgesEnabled
        }
    }

    /// The category `notification` names, if its app registered it.
    public func category(of notification: DeliveredNotification) -> NotificationCategory? {
        let identifier = notification.request.content.categoryIdentifier
        guard !identifier.isEmpty else { return nil }
        return categories[notification.owner.bundleIdentifier]?.first { $0.identifier == identifier }
    }

    /// The app's settings as last heard (the defaults until then).
    public func settings(of bundle: String) -> NotificationSettings { settings[bundle] ?? NotificationSettings() }

    /// The badges' total (for the terminal title).
    public var badgeTotal: Int { badges.values.reduce(0, +) }

    /// How many delivered notifications the center shows (those of allowed apps).
    public var shownCount: Int { groups.reduce(0) { $0 + $1.count } }

    /// Delivered notifications grouped by app (the app with the newest first), then by thread.
    public var groups: [AppGroup] {
        var order: [String] = []
        var byApp: [String: [DeliveredNotification]] = [:]
        for notification in delivered {
            let bundle = notification.owner.bundleIdentifier
            // An app that is not allowed (or not asked yet) shows nothing.
            if let status = settings[bundle]?.authorizationStatus, status == .denied || status == .notDetermined {
                continue
            }
            if byApp[bundle] == nil { order.append(bundle) }
            byApp[bundle, default: []].append(notification)
        }
        return order.map { bundle in
            var threadOrder: [String] = []
            var byThread: [String: [DeliveredNotification]] = [:]
            for notification in byApp[bundle] ?? [] {
                let thread = notification.request.content.threadIdentifier
                if byThread[thread] == nil { threadOrder.append(thread) }
                byThread[thread, default: []].append(notification)
            }
            return AppGroup(
                bundleIdentifier: bundle,
                threads: threadOrder.map { ThreadGroup(identifier: $0, notifications: byThread[$0] ?? []) })
        }
    }

    private static func same(_ a: DeliveredNotification, _ b: DeliveredNotification) -> Bool {
        a.owner == b.owner && a.request.identifier == b.request.identifier
    }
}

/// One app's delivered notifications in the Notification Center.
public struct AppGroup: Sendable, Hashable {
    public var bundleIdentifier: String
    public var threads: [ThreadGroup]
    public var count: Int { threads.reduce(0) { $0 + $1.notifications.count } }
}

/// One thread of an app (`threadIdentifier`; "" is the app's unthreaded notifications), newest first.
public struct ThreadGroup: Sendable, Hashable {
    public var identifier: String
    public var notifications: [DeliveredNotification]

    /// The thread as a collapsed summary shows it: the most relevant first (`relevanceScore`), then newest.
    public var byRelevance: [DeliveredNotification] {
        notifications.enumerated().sorted { a, b in
            let (ra, rb) = (a.element.request.content.relevanceScore, b.element.request.content.relevanceScore)
            return ra != rb ? ra > rb : a.offset < b.offset
        }.map(\.element)
    }

    /// "3 more from Ada" (`summaryArgument` of the most relevant one, when it has one).
    public var moreSummary: String? {
        guard notifications.count > 1 else { return nil }
        let argument = byRelevance.first?.request.content.summaryArgument ?? ""
        let count = notifications.count - 1
        return argument.isEmpty
            ? "\(count) more" : "\(count) more from \(NotificationText.shown(argument))"
    }
}
