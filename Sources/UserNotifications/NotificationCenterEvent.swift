import Notifications

/// What the notification center tells its app, as a typed message for the app's update (the delegate's
/// calls of `UNUserNotificationCenterDelegate`, as values rather than stashed callbacks).
public enum NotificationCenterEvent: Hashable, Sendable {
    /// A notification arrived while the app runs: the app answers `center.present(_:options:)` with how to
    /// show it (`userNotificationCenter(_:willPresent:)`).
    case willPresent(DeliveredNotification)
    /// The user acted on a notification (`userNotificationCenter(_:didReceive:)`).
    case didReceive(NotificationResponse)
    /// Pending requests or delivered notifications went away (removed, pushed out of the 64, collapsed).
    case removed(NotificationsRemoved)
    /// A push that shows nothing reached the app: its custom keys, and its badge when it set one
    /// (`application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`).
    case background(BackgroundPush)
    /// The app's device token, after `registerForRemoteNotifications()`
    /// (`application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`): 64 hex digits for its server.
    case didRegisterForRemoteNotificationsWithDeviceToken(String)
    /// Registering failed (`application(_:didFailToRegisterForRemoteNotificationsWithError:)`): the reason.
    case didFailToRegisterForRemoteNotifications(String)
    /// The connection to the daemon closed; the center reconnects on its next call.
    case disconnected
}

/// `UNNotificationPresentationOptions`: how a notification that arrives while its app runs is shown.
public struct PresentationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let badge = PresentationOptions(rawValue: 1 << 0)
    public static let sound = PresentationOptions(rawValue: 1 << 1)
    public static let list = PresentationOptions(rawValue: 1 << 3)
    public static let banner = PresentationOptions(rawValue: 1 << 4)
}
