import Foundation
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

/// Times as the suite says them: "17:30" today, "Tue 09:00" within a week, else the date.
enum ReminderText {
    static func time(_ date: Date, now: Date = Date(), calendar: Calendar = .current) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = calendar.timeZone
        formatter.dateFormat =
            calendar.isDate(date, inSameDayAs: now)
            ? "HH:mm:ss" : date.timeIntervalSince(now) < 6 * 86_400 ? "EEE HH:mm" : "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
