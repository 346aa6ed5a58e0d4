import Foundation
import Notifications
import Synchronization

/// What an extension knows about its push, and where it leaves its best attempt.
public final class NotificationServiceContext: Sendable {
    /// The app the push is for.
    public let bundleIdentifier: String
    /// The app group container shared with the app (keys, caches).
    public let appGroupDirectory: URL
    /// The push as it arrived.
    public let request: NotificationRequest
    private let state: Mutex<NotificationContent?>

    init(request: ServiceExtensionRequest) {
        bundleIdentifier = request.bundleIdentifier
        appGroupDirectory = URL(fileURLWithPath: request.appGroupPath, isDirectory: true)
        self.request = request.request
        state = Mutex(nil)
    }

    /// The content delivered if time expires before `didReceive` returns (nil: the original).
    public var bestAttemptContent: NotificationContent? {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }
}
