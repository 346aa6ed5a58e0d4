import BatonEnvironment
import Foundation
import NotificationContentExtensionKit
import Notifications
import Synchronization
import Today

#if canImport(Glibc)
    import Glibc
#endif

/// Starts notification content extensions the way every extension host does (`ExtensionLaunch`: the helper
/// directory, under `baton-box`, the app group made, stderr to `logs/content-extensions.log`) and holds each to
/// the widget host's kind of budget (`WidgetLimits`: peak memory of its whole process group, and its time for
/// the first frame and for each answer; `standardLimits`). Each open extension is a `ContentExtensionSession` on a thread of its own; what it draws and
/// answers comes back through `deliver`, on that thread (the suite posts it to the UI thread).
public struct ContentExtensionHost: Sendable {
    public var executableDirectory: URL
    public var appGroupDirectory: URL
    /// The suite's resources, passed to extensions that draw from the apps' data (Stores' map).
    public var resourcesDirectory: URL?
    public var errorLog: URL?
    public var limits: WidgetLimits

    public init(
        executableDirectory: URL, appGroupDirectory: URL, resourcesDirectory: URL?, errorLog: URL?,
        limits: WidgetLimits = standardLimits
    ) {
        self.executableDirectory = executableDirectory
        self.appGroupDirectory = appGroupDirectory
        self.resourcesDirectory = resourcesDirectory
        self.errorLog = errorLog
        self.limits = limits
        // An extension that dies while we write to it must not take the suite with it.
        signal(SIGPIPE, SIG_IGN)
    }

    /// The widget host's 2 s to the first frame (and to each answer), with the 24 MB a notification service
    /// extension has: a content extension links all of Foundation (JSON, property lists, HTML's text), and the
    /// faulty test extension, which does nothing, peaks at 17 MB in a debug build against the widgets' 16 MB
    /// (their static FoundationEssentials-only executables peak at 6.5 MB), MonkeyBrowser's at 20.9 MB with a
    /// page laid out and Stores' at 19.3 MB with the world's land (with the finer coast, 28 MB).
    public static let standardLimits = WidgetLimits(peakRSSKB: 24 * 1024, updateTimeout: .seconds(2))

    /// A host for the running suite: the helper directory, the paths' app group and log directory.
    public init(paths: BatonPaths, limits: WidgetLimits = standardLimits) {
        self.init(
            executableDirectory: ResourceLocator.helperDirectory(), appGroupDirectory: paths.appGroupDirectory,
            resourcesDirectory: ResourceLocator.resourcesDirectory(),
            errorLog: paths.logDirectory.appendingPathComponent("content-extensions.log"), limits: limits)
    }

    /// Starts `manifest`'s extension for `notification` on a thread of its own; `deliver` hears what it draws,
    /// its buttons, its answers and, once, its failure.
    /// `devicePosition` is read on that thread (it may read a file).
    public func open(
        _ manifest: ContentExtensionManifest, notification: DeliveredNotification, width: Int,
        devicePosition: @escaping @Sendable () -> ContentCoordinate?,
        deliver: @escaping @Sendable (ContentExtensionEvent) -> Void
    ) -> ContentExtensionSession {
        let session = ContentExtensionSession()
        let host = self
        let thread = Thread {
            let request = ContentExtensionRequest(
                notification: notification, appGroupPath: host.appGroupDirectory.path,
                resourcesPath: host.resourcesDirectory?.path, width: width, height: manifest.rows(width: width),
                devicePosition: devicePosition())
            var conversation = ContentExtensionConversation(limits: host.limits, inbox: session, deliver: deliver)
            conversation.run(host: host, executable: manifest.executable, request: request)
        }
        thread.name = "content-extension"
        thread.start()
        return session
    }
}

/// What an open extension did, for the suite.
public enum ContentExtensionEvent: Sendable, Equatable {
    /// Lines to show (the first is its first frame), with the time from start to the first frame.
    case drew(ContentDrawing)
    /// The category's buttons while it is open.
    case actions([NotificationAction])
    /// The answer to a button.
    case answered(ContentResponseOption)
    /// It broke (and was ended): the suite shows the default content and "Unable to Load".
    case failed(ServiceExtensionFailure)
    /// It ended after being closed (the last event).
    case ended
}

/// The suite's handle on one open extension: what to send it, and closing it. Safe from any thread.
public final class ContentExtensionSession: Sendable {
    private let inbox = Mutex<(messages: [ContentHostMessage], closed: Bool)>(([], false))

    init() {}

    /// Sends a button to the extension (its answer comes back as `.answered`).
    public func send(_ action: ContentActionRequest) {
        inbox.withLock { $0.messages.append(.action(action)) }
    }

    /// Ends the extension (the notification was closed).
    public func close() {
        inbox.withLock { $0.closed = true }
    }

    /// The messages waiting, and whether the session is closed.
    func take() -> (messages: [ContentHostMessage], closed: Bool) {
        inbox.withLock { state in
            defer { state.messages = [] }
            return state
        }
    }
}
