import Notifications

/// What a key in a banner or in the Notification Center asks the suite to do.
public enum NotificationCommand: Equatable, Sendable {
    case ignored, handled
    /// The user chose an action (the default one for Open); `foreground` switches to the app.
    case respond(DeliveredNotification, actionIdentifier: String, userText: String?, foreground: Bool)
    /// A button pressed in an expanded notification: its content extension hears it first and answers whether
    /// the notification stays, goes, or goes and the action reaches the app (`.respond`).
    case extensionAction(DeliveredNotification, actionIdentifier: String, userText: String?, foreground: Bool)
    /// Dismissed: removed (on every device for a push), the dismiss action sent if the category asks for it.
    case dismiss(DeliveredNotification)
    /// Clear one app's delivered notifications, or all (nil).
    case clear(bundleIdentifier: String?)
    /// Cancel a pending request.
    case cancel(PendingNotification)
    case toggleDoNotDisturb
    /// Change an app's settings on this device (the Settings tab; Keep / Turn Off of a quiet notification).
    case changeSettings(SettingsChangeRequest)
    /// Open an attachment's file (`AttachmentOpener`); the notification stays.
    case openAttachment(DeliveredNotification, NotificationAttachment)
}
