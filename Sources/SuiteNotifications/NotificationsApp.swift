import BatonEnvironment
import Foundation
import Logging
import NotificationContentExtensionKit
import Notifications
import SuiteMessages
import SuiteShell
import TerminalUI
import UserNotifications
import WidgetExtensionKit

/// Notifications in the suite (F4): presents arriving notifications as banners, bells and badges over
/// every destination (`ShellOverlay`), and shows the Notification Center. The other apps take part
/// through `NotificationDelegate` (`willPresent`, their categories) and get `didReceive` as a
/// `NotificationDelivery` message.
public final class NotificationsApp: SuiteApp, ShellOverlay {
    /// The destination's name, which is also its address: apps post their requests to `.app(appName)`.
    public static let appName = "Notifications"
    public let name = NotificationsApp.appName
    public let functionKey = 4

    public internal(set) var ledger = NotificationLedger()
    public internal(set) var banners = BannerStack()
    /// Opens a web page in the suite's browser: the default action of a `baton notify --url` notification.
    public var openURL: (URL, SuiteContext) -> Void = { _, _ in }
    public internal(set) var screen = CenterScreen()
    /// Connected to the daemon: calls go through it.
    var center: UserNotificationCenter?
    var linkTask: Task<Void, Never>?
    let device: String
    let paths: BatonPaths
    let port: MessagePort
    let delegates: [any NotificationDelegate]
    let appNames: [String: String]
    let logger = Logger(label: "baton.suite.notifications")
    var lastTitle: String?
    var awayShown = false
    /// The pending identifiers last told to each app (`PendingNotificationsChanged`), by bundle identifier.
    var announcedPending: [String: Set<String>] = [:]
    var desktopCount = 0
    var lastUpNext: [UpNextFile.Entry]?
    var ticks = 0
    /// Requests apps scheduled while the link was down.
    var waitingForLink: [NotificationRequestPost] = []
    /// Permission questions waiting for the user, the first shown.
    public internal(set) var permissions: [PermissionModal] = []
    /// When the suite started: notifications delivered since then that the link had not yet seen (it was
    /// still connecting) are presented when it connects.
    var startedAt = Date()
    /// The deliveries already presented (app, device, identifier, date), so a reconnect shows none twice.
    var presented: Set<String> = []
    /// Notifications that arrived for an app whose permission is being asked: shown once it is answered.
    var held: [String: [DeliveredNotification]] = [:]
    /// Requests an app scheduled before its permission was answered: added once it is.
    var heldRequests: [String: [NotificationRequest]] = [:]

    /// The bundle identifier of the frontmost app, when it has one (set by the suite).
    public var frontmostBundle: () -> String? = { nil }
    /// Opens an attachment's file, or says where it is (the Open Attachment button).
    public var opener = AttachmentOpener()
    /// What each attachment is, read once (`attachmentInfo`).
    var attachmentInfos: [URL: AttachmentInfo] = [:]
    /// The apps' content extensions, by category (set by the suite from its resources).
    public var contentExtensions = ContentExtensionCatalog()
    /// Starts content extensions; nil: none is started (a notification expands with its default content).
    public var contentHost: ContentExtensionHost?
    /// The device's position for content extensions, when known (`baton location set`).
    public var devicePosition: @Sendable () -> ContentCoordinate? = { nil }
    /// The notification expanded with its content extension, if one is.
    public internal(set) var expansion: ContentExpansion?
    var expansionCount = 0
    /// Writes a bell or a title to the terminal (set by the suite; nothing in tests).
    public var signal: (TerminalSignal) -> Void = { _ in }

    /// - Parameters:
    ///   - appNames: bundle identifier → the name shown (the suite's apps, the CLI as "Baton").
    /// The most attachments whose description is kept.
    static let maxAttachmentInfos = 256

    public init(
        device: String, paths: BatonPaths, port: MessagePort, delegates: [any NotificationDelegate],
        appNames: [String: String], now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.now = now
        self.device = device
        self.paths = paths
        self.port = port
        self.delegates = delegates
        self.appNames = appNames
        dnd = LayeredDoNotDisturb(
            device: DoNotDisturb.file(paths: paths, device: device), account: DoNotDisturb.accountFile(paths: paths))
        dnd.now = now
    }

    let dnd: LayeredDoNotDisturb
    /// The suite's wall clock (`--now` aware).
    let now: @Sendable () -> Date

    /// Whether Do Not Disturb holds banners and bells now.
    public func doNotDisturb() -> Bool { dnd.state.isOn(at: now()) }

    /// Connects to the daemon and keeps the link up until `stop`.
    public func start() {
        startedAt = Date()  // the daemon stamps deliveries with its own (real) clock
        var apps: [String: [NotificationCategory]] = [:]
        for delegate in delegates {
            if let bundle = delegate.notificationBundleIdentifier {
                apps[bundle] = delegate.notificationCategories.sorted { $0.identifier < $1.identifier }
            }
        }
        let link = NotificationLink(device: device, paths: paths, port: port, apps: apps)
        linkTask = Task.detached { await link.run() }
    }

    public func stop() {
        expansion?.session?.close()
        linkTask?.cancel()
        center?.close()
        saveLastSeen()
    }

    /// The name `bundle` is shown by: the suite's for its apps, a freedesktop program's own (`app_name`).
    public func appName(_ bundle: String) -> String { appNames[bundle] ?? ledger.programs[bundle] ?? bundle }

    /// The apps F4's Settings lists: the suite's and every freedesktop program heard of, by name.
    var settingsApps: [(bundle: String, name: String)] {
        SettingsPane.apps(appNames.merging(ledger.programs) { app, _ in app })
    }

    // MARK: SuiteApp

    public var helpItems: [HelpItem] { screen.helpItems }
    public var allKeys: [HelpItem] { CenterScreen.allKeys }
    public var isEditingText: Bool { screen.isEditingText }

    public func handle(_ event: InputEvent, context: SuiteContext) -> Bool {
        guard case .key(let press) = event else { return false }
        screen.extensionHoldsActions = expansion?.holdsActions == true
        let used = perform(screen.handle(press, ledger: ledger, apps: settingsApps), context: context)
        syncExpansion()
        return used
    }

    public func receive(_ message: any Sendable, context: SuiteContext) -> Bool {
        if let update = message as? ContentExpansionUpdate {
            receive(update, context: context)
            return true
        }
        if let post = message as? NotificationRequestPost {
            add(post, context: context)
            return true
        }
        guard let message = message as? SuiteNotificationMessage else { return false }
        switch message {
        case .linked(let center, let snapshot):
            self.center = center
            apply(snapshot, context: context)
            context.schedule(after: 1, NotificationsTimer.doNotDisturb)
            let waiting = waitingForLink
            waitingForLink = []
            for post in waiting { add(post, context: context) }
        case .unlinked(let reason):
            if center != nil { logger.notice("notification link closed", metadata: ["reason": "\(reason)"]) }
            center = nil
        case .arrived(let notification, let settings, let categories):
            arrived(notification, settings: settings, categories: categories, context: context)
        case .removed(let removal):
            ledger.remove(removal)
            banners.remove(owner: removal.owner, identifiers: removal.identifiers)
        case .background(let background, let settings):
            let bundle = background.owner.bundleIdentifier
            if let settings { ledger.settings[bundle] = settings }
            if let badge = background.badge { ledger.setBadge(badge, for: bundle) }
            if rings(background) { signal(.bell) }
            port.post(
                NotificationDelivery(bundleIdentifier: bundle, event: .background(background)),
                to: .app(appName(bundle)))
        case .response(let response):
            // The daemon's echo of what was chosen here: the app's didReceive, exactly once.
            let bundle = response.notification.owner.bundleIdentifier
            if let url = Self.clickURL(of: response) { openURL(url, context) }
            port.post(
                NotificationDelivery(bundleIdentifier: bundle, event: .didReceive(response)), to: .app(appName(bundle)))
        case .failed(let reason):
            context.showBanner("Notifications: \(reason)", kind: .error)
        case .pending(let list):
            ledger.replacePending(list)
        case .scheduled(let list, let text):
            ledger.replacePending(list)
            context.showBanner("Scheduled \(text)")
        case .settings(let bundle, let settings):
            ledger.settings[bundle] = settings
            for request in heldRequests.removeValue(forKey: bundle) ?? [] {
                add(NotificationRequestPost(bundleIdentifier: bundle, request: request), context: context)
            }
            for notification in held.removeValue(forKey: bundle) ?? [] {
                arrived(
                    notification, settings: settings, categories: ledger.categories[bundle] ?? [], context: context,
                    again: true)
            }
        }
        updateTitle()
        writeUpNext()
        announcePending()
        return true
    }

    public func timerFired(_ timer: LoopTimer, context: SuiteContext) {
        guard let timer = timer.key(as: NotificationsTimer.self) else { return }
        if timer == .doNotDisturb {
            // `baton dnd` may change it at any time: the moon follows within a second. Requests other
            // clients add (`baton notify`) reach the Pending tab and Up Next within five.
            context.schedule(after: 1, NotificationsTimer.doNotDisturb)
            ticks += 1
            if ticks % 5 == 0, center != nil { refreshPending() }
            return
        }
        banners.expire(now: context.now())
        scheduleBannerTimer(context)
    }

    public func render(in area: Rect, into buffer: inout CellBuffer, context: SuiteContext) -> Point? {
        screen.render(
            in: area, ledger: ledger, appName: appName, doNotDisturb: dnd.state.describe(at: context.now()),
            now: context.now(),
            apps: settingsApps, attachment: { attachmentInfo($0) }, expanded: expansion?.content,
            into: &buffer)
    }
}
