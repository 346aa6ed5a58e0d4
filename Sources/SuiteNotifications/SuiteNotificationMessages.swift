import Notifications
import UserNotifications

/// What the suite's notification link posts to the UI thread (private to `NotificationsApp`).
enum SuiteNotificationMessage: Sendable {
    /// Connected and following this device; the first lists.
    case linked(UserNotificationCenter, SuiteNotificationSnapshot)
    /// The connection closed; the link retries.
    case unlinked(String)
    /// A notification arrived, with its app's current settings and categories.
    case arrived(DeliveredNotification, NotificationSettings, [NotificationCategory])
    case removed(NotificationsRemoved)
    /// A push that shows nothing, with its app's current settings: its badge (if any) is the app's; the app gets it.
    case background(BackgroundPush, NotificationSettings?)
    case response(NotificationResponse)
    /// A call to the daemon failed.
    case failed(String)
    /// An app's settings changed (its permission answered, the Settings tab).
    case settings(String, NotificationSettings)
    /// Pending requests changed (after a cancel): the fresh list.
    case pending([PendingNotification])
    /// An app's request was added: the fresh pending list and what to say.
    case scheduled([PendingNotification], String)
}

/// What the suite reads from the daemon when it connects.
struct SuiteNotificationSnapshot: Sendable {
    var delivered: [DeliveredNotification]
    var pending: [PendingNotification]
    var settings: [String: NotificationSettings]
    var categories: [String: [NotificationCategory]]
    /// The freedesktop programs with settings on this device: bundle identifier → name.
    var programs: [String: String] = [:]
}
