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

    /// When a scheduled notification comes, after its title in "Scheduled “…” …": "at 17:30" for a time,
    /// "for when this device comes within 1 km" for a place, "for its push" for a push.
    static func when(_ next: Date?, trigger: NotificationTrigger?, now: Date = Date(), calendar: Calendar = .current)
        -> String
    {
        if let next { return "at " + time(next, now: now, calendar: calendar) }
        switch trigger {
        case .location(let region, _):
            let distance =
                region.radius >= 1000
                ? "\(String(format: "%g", (region.radius / 100).rounded() / 10)) km" : "\(Int(region.radius)) m"
            let verb =
                region.notifyOnEntry ? "comes within \(distance)" : "goes farther than \(distance) from the place"
            return "for when this device \(verb)"
        case .push: return "for its push"
        default: return "for when its time comes"
        }
    }
}
