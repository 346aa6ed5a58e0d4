import Foundation
import Notifications

/// A notification service extension (`UNNotificationServiceExtension`): gets a push with
/// `mutable-content: 1` and returns the content to show instead.
///
/// `didReceive` runs on the main thread; when the deadline comes, the runner answers for it on another
/// thread with `context.bestAttemptContent` (or the original), as `serviceExtensionTimeWillExpire` would.
public protocol NotificationServiceExtension {
    init()
    /// The content to deliver for `request`. Long work should store interim results in
    /// `context.bestAttemptContent`.
    mutating func didReceive(_ request: NotificationRequest, context: NotificationServiceContext) -> NotificationContent
}
