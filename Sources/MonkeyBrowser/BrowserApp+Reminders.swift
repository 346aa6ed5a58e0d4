import Foundation
import Notifications
import TerminalUI
import UserNotifications

/// "Remind me about this page" (`r`): a notification of the reminder category (Open, Snooze 10 min) at a
/// time typed as a duration (`10m`, `2h`, `90s`) or a time of day (`17:30`, the next one).
extension BrowserApp {
    /// Snoozing asks again in this many seconds.
    static let snoozeSeconds = 600.0

    func remind(in text: String, context: SuiteContext) {
        let now = context.now()
        guard let seconds = ReminderDelay.seconds(text, now: now, calendar: .current) else {
            context.showBanner("Remind me: “\(text)” is not a duration (10m, 2h) or a time (17:30)", kind: .warning)
            return
        }
        guard let entry = tabs.selected.history.current, let url = URL(string: entry.url) else { return }
        let pageTitle = tabs.selected.page?.document.title ?? ""
        let title = pageTitle.isEmpty ? entry.url : pageTitle
        scheduleReminder(url: url, title: title, in: seconds, context: context)
    }

    func scheduleReminder(url: URL, title: String, in seconds: Double, context: SuiteContext) {
        guard let bundle = bundleIdentifier else {
            context.showBanner("Reminders need MonkeyBrowser's Info.plist (its bundle identifier)", kind: .error)
            return
        }
        let content = NotificationContent(
            title: "Reminder: \(title)", body: url.absoluteString, sound: .default, categoryIdentifier: "reminder",
            threadIdentifier: "reminders", userInfo: ["url": .string(url.absoluteString)])
        let request = NotificationRequest(
            identifier: "reminder:\(url.absoluteString)", content: content,
            trigger: .timeInterval(seconds: max(1, seconds), repeats: false))
        context.post(NotificationRequestPost(bundleIdentifier: bundle, request: request), to: .app("Notifications"))
    }

    /// Snooze 10 min: the same reminder again; false (nothing scheduled) when it names no page.
    func snooze(_ response: NotificationResponse, context: SuiteContext) -> Bool {
        guard let url = Self.pageURL(of: response.notification) else { return false }
        let title = response.notification.request.content.title.replacingOccurrences(of: "Reminder: ", with: "")
        scheduleReminder(url: url, title: title, in: Self.snoozeSeconds, context: context)
        return true
    }
}

/// When a reminder should fire, from what was typed.
enum ReminderDelay {
    /// Seconds until `text`: "90s", "10m", "2h", "1d" (one number and a unit), or "HH:MM" (the next one).
    static func seconds(_ text: String, now: Date, calendar: Calendar) -> Double? {
        let text = text.trimmingCharacters(in: .whitespaces).lowercased()
        let clock = text.split(separator: ":")
        if clock.count == 2, let hour = Int(clock[0]), let minute = Int(clock[1]), (0..<24).contains(hour),
            (0..<60).contains(minute), clock[1].count == 2
        {
            let next = calendar.nextDate(
                after: now, matching: DateComponents(hour: hour, minute: minute, second: 0), matchingPolicy: .nextTime)
            return next.map { $0.timeIntervalSince(now) }
        }
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        guard let unit = text.last.flatMap({ units[$0] }), let value = Double(text.dropLast()), value > 0 else {
            return nil
        }
        return value * unit
    }
}
