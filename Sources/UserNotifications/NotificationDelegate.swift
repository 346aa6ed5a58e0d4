import Notifications

/// What an app of the suite tells the suite's notification center about itself
/// (`UNUserNotificationCenterDelegate`'s synchronous half, plus the categories it registers at launch).
///
/// `willPresent` is asked on the UI thread when a notification arrives while the app is the active
/// destination; `didReceive` reaches the app as a `NotificationDelivery` message in its `receive`.
public protocol NotificationDelegate: AnyObject {
    /// The app's bundle identifier (from its `Info.plist`); nil when it has none.
    var notificationBundleIdentifier: String? { get }
    /// The categories the app registers (`setNotificationCategories`), with their actions.
    var notificationCategories: Set<NotificationCategory> { get }
    /// How to show `notification` while the app is frontmost; nil lets the user's settings decide.
    func willPresent(_ notification: DeliveredNotification) -> PresentationOptions?
    /// What the app asks permission for (`requestAuthorization(options:)`), the first time it needs it:
    /// when its first notification arrives or it schedules one; nil: it never asks.
    var authorizationOptions: AuthorizationOptions? { get }
}

extension NotificationDelegate {
    public var authorizationOptions: AuthorizationOptions? { nil }
}

/// A notification event for one app of the suite, posted to the UI thread so it reaches the app's typed
/// update (`receive`): `.didReceive` when the user acted on one of its notifications.
public struct NotificationDelivery: Sendable, Hashable {
    public var bundleIdentifier: String
    public var event: NotificationCenterEvent
    public init(bundleIdentifier: String, event: NotificationCenterEvent) {
        self.bundleIdentifier = bundleIdentifier
        self.event = event
    }
}

/// The suite tells an app which of its notifications are still to come on this device (sent when that
/// changes): Stores' details say that an alert is set.
public struct PendingNotificationsChanged: Sendable, Hashable {
    public var bundleIdentifier: String
    public var identifiers: Set<String>
    public init(bundleIdentifier: String, identifiers: Set<String>) {
        self.bundleIdentifier = bundleIdentifier
        self.identifiers = identifiers
    }
}

/// An app of the suite schedules a notification (`add(_:)` through the suite's center): posted to the UI
/// thread, the suite asks the user's permission the first time, then adds it and says when it fires.
public struct NotificationRequestPost: Sendable, Hashable {
    public var bundleIdentifier: String
    public var request: NotificationRequest
    public init(bundleIdentifier: String, request: NotificationRequest) {
        self.bundleIdentifier = bundleIdentifier
        self.request = request
    }
}
