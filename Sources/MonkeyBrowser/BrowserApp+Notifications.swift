import BatonEnvironment
import Foundation
import Notifications
import TerminalUI
import UserNotifications

/// MonkeyBrowser's side of notifications: its categories (a message with a reply, a page reminder), how
/// it shows one while frontmost, and what it does when the user acts on one (`didReceive`).
extension BrowserApp: NotificationDelegate {
    /// A shared page or message: reply, mark as read, delete (asks first); dismissals are reported.
    public static let messageCategory = NotificationCategory(
        identifier: "message",
        actions: [
            NotificationAction(
                identifier: "reply", title: "Reply",
                textInput: .init(buttonTitle: "Reply", placeholder: "Type a reply")),
            NotificationAction(identifier: "read", title: "Mark as Read"),
            NotificationAction(
                identifier: "delete", title: "Delete", options: [.destructive, .authenticationRequired]),
        ],
        options: [.customDismissAction])
    /// A page to come back to: open it (the notification's own Open), or be reminded again in ten minutes.
    public static let reminderCategory = NotificationCategory(
        identifier: "reminder", actions: [NotificationAction(identifier: "snooze", title: "Snooze 10 min")])

    public var notificationBundleIdentifier: String? { bundleIdentifier }
    public var notificationCategories: Set<NotificationCategory> { [Self.messageCategory, Self.reminderCategory] }
    /// Pages sent from other devices and reminders: alerts, sounds and badges.
    public var authorizationOptions: AuthorizationOptions? { [.alert, .sound, .badge] }

    /// A page sent about the page already in front is only listed; the others, and every reminder (the user
    /// asked for it, so it shows even over its own page: before, it fired with no banner and no badge), as the
    /// settings say.
    public func willPresent(_ notification: DeliveredNotification) -> PresentationOptions? {
        guard notification.request.content.categoryIdentifier != Self.reminderCategory.identifier,
            let url = Self.pageURL(of: notification), url.absoluteString == tabs.selected.history.current?.url
        else {
            return nil
        }
        return [.list]
    }

    /// The user acted on one of our notifications: open its page in a new tab, or take the reply.
    func receiveNotification(_ delivery: NotificationDelivery, context: SuiteContext) -> Bool {
        guard delivery.bundleIdentifier == bundleIdentifier, case .didReceive(let response) = delivery.event else {
            return false
        }
        let title = BoundedQuote.escaped(response.notification.request.content.title, limit: 60)
        switch response.actionIdentifier {
        case NotificationResponse.defaultActionIdentifier, "open":
            guard let url = Self.pageURL(of: response.notification) else {
                context.showBanner("“\(title)” has no page to open", kind: .warning)
                return true
            }
            openWebpage(url)
            context.activate(app: name)
        case "reply":
            context.showBanner("Reply to “\(title)”: \(BoundedQuote.escaped(response.userText ?? "", limit: 200))")
        case "snooze":
            if snooze(response, context: context) {
                context.showBanner("“\(title)” snoozed for 10 minutes")
            } else {
                context.showBanner("“\(title)” has no page to remind you of: not snoozed", kind: .warning)
            }
        case "read":
            context.showBanner("“\(title)” marked as read")
        case "delete":
            context.showBanner("“\(title)” deleted")
        case NotificationResponse.dismissActionIdentifier:
            context.showBanner("“\(title)” dismissed")
        default:
            return true
        }
        return true
    }

    /// The page a notification is about: `userInfo["url"]` (a push, a reminder), http(s) or file only.
    static func pageURL(of notification: DeliveredNotification) -> URL? {
        guard case .string(let text) = notification.request.content.userInfo["url"], let url = URL(string: text),
            let scheme = url.scheme?.lowercased(), ["http", "https", "file", "about"].contains(scheme)
        else { return nil }
        return url
    }
}
