import Notifications

/// The "while you were away" line shown when the suite starts and notifications arrived since it last ran.
public enum WhileAway {
    public static func summary(_ notifications: [DeliveredNotification], appName: (String) -> String) -> String {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for notification in notifications {
            let name = appName(notification.owner.bundleIdentifier)
            if counts[name] == nil { order.append(name) }
            counts[name, default: 0] += 1
        }
        let parts = order.map { "\(NotificationText.shown($0)) \(counts[$0] ?? 0)" }.joined(separator: ", ")
        let noun = notifications.count == 1 ? "notification" : "notifications"
        return "While you were away: \(notifications.count) \(noun) (\(parts)) · F4 shows them"
    }
}
