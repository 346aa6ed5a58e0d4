import Notifications

/// A notification content extension's principal class (`UNNotificationContentExtension`): draws the expanded
/// content of its categories' notifications, and hears their buttons first.
///
/// Its stdout carries the protocol: write logs to stderr (the host appends them to its log), never print.
public protocol NotificationContentExtension {
    init()
    /// The lines to show for the notification in `request` (`didReceive(_ notification:)`).
    mutating func didReceive(_ request: ContentExtensionRequest, context: NotificationContentContext)
        -> ContentDrawing
    /// A button pressed while the notification is open; the answer says whether it stays, goes, or goes and
    /// forwards the action to the app. By default it goes and forwards.
    mutating func didReceive(_ action: ContentActionRequest, context: NotificationContentContext)
        -> ContentResponseOption
}

extension NotificationContentExtension {
    public mutating func didReceive(_ action: ContentActionRequest, context: NotificationContentContext)
        -> ContentResponseOption
    {
        .dismissAndForwardAction
    }
}
