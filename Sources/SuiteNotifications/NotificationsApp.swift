import BatonEnvironment
import Foundation
import Logging
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

    public private(set) var ledger = NotificationLedger()
    public private(set) var banners = BannerStack()
    /// Opens a web page in the suite's browser: the default action of a `baton notify --url` notification.
    public var openURL: (URL, SuiteContext) -> Void = { _, _ in }
    public private(set) var screen = CenterScreen()
    /// Connected to the daemon: calls go through it.
    private var center: UserNotificationCenter?
    private var linkTask: Task<Void, Never>?
    let device: String
    private let paths: BatonPaths
    let port: MessagePort
    private let delegates: [any NotificationDelegate]
    private let appNames: [String: String]
    private let logger = Logger(label: "baton.suite.notifications")
    private var lastTitle: String?
    private var awayShown = false
    /// The pending identifiers last told to each app (`PendingNotificationsChanged`), by bundle identifier.
    var announcedPending: [String: Set<String>] = [:]
    private var desktopCount = 0
    private var lastUpNext: [UpNextFile.Entry]?
    private var ticks = 0
    /// Requests apps scheduled while the link was down.
    private var waitingForLink: [NotificationRequestPost] = []
    /// Permission questions waiting for the user, the first shown.
    public private(set) var permissions: [PermissionModal] = []
    /// When the suite started: notifications delivered since then that the link had not yet seen (it was
    /// still connecting) are presented when it connects.
    private var startedAt = Date()
    /// The deliveries already presented (app, device, identifier, date), so a reconnect shows none twice.
    private var presented: Set<String> = []
    /// Notifications that arrived for an app whose permission is being asked: shown once it is answered.
    private var held: [String: [DeliveredNotification]] = [:]
    /// Requests an app scheduled before its permission was answered: added once it is.
    private var heldRequests: [String: [NotificationRequest]] = [:]

    /// The bundle identifier of the frontmost app, when it has one (set by the suite).
    public var frontmostBundle: () -> String? = { nil }
    /// Writes a bell or a title to the terminal (set by the suite; nothing in tests).
    public var signal: (TerminalSignal) -> Void = { _ in }

    /// - Parameters:
    ///   - appNames: bundle identifier → the name shown (the suite's apps, the CLI as "Baton").
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

    private let dnd: LayeredDoNotDisturb
    /// The suite's wall clock (`--now` aware).
    private let now: @Sendable () -> Date

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
        linkTask?.cancel()
        center?.close()
        saveLastSeen()
    }

    public func appName(_ bundle: String) -> String { appNames[bundle] ?? bundle }

    // MARK: SuiteApp

    public var helpItems: [HelpItem] { screen.helpItems }
    public var allKeys: [HelpItem] { CenterScreen.allKeys }
    public var isEditingText: Bool { screen.isEditingText }

    public func handle(_ event: InputEvent, context: SuiteContext) -> Bool {
        guard case .key(let press) = event else { return false }
        return perform(screen.handle(press, ledger: ledger, apps: SettingsPane.apps(appNames)), context: context)
    }

    public func receive(_ message: any Sendable, context: SuiteContext) -> Bool {
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

    /// This device's next notifications for Today's Up Next widget (in the app group), and a nudge to
    /// Today when they changed.
    private func writeUpNext() {
        let now = now()
        let entries = ledger.pending.compactMap { pending -> UpNextFile.Entry? in
            guard let date = pending.nextFireDate, date > now else { return nil }
            let content = pending.request.content
            return UpNextFile.Entry(
                title: NotificationText.shown(content.title.isEmpty ? pending.request.identifier : content.title),
                app: NotificationText.shown(appName(pending.owner.bundleIdentifier)),
                fireDate: date.timeIntervalSince1970)
        }.prefix(5)
        guard Array(entries) != lastUpNext else { return }
        lastUpNext = Array(entries)
        let file = paths.appGroupDirectory.appendingPathComponent(UpNextFile.fileName)
        var upNext =
            (try? PrivateFile.read(file)).flatMap { try? JSONDecoder().decode(UpNextFile.self, from: $0) }
            ?? UpNextFile()
        upNext.devices[device] = Array(entries)
        do {
            try PrivateFile.write(try JSONEncoder().encode(upNext), to: file)
            port.post(AppGroupChanged(fileName: UpNextFile.fileName), to: .everyApp)
        } catch {
            logger.warning("cannot write the Up Next file", metadata: ["error": "\(error)"])
        }
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
            apps: SettingsPane.apps(appNames), into: &buffer)
    }

    // MARK: ShellOverlay

    public func handleOverlayKey(_ press: KeyPress, context: SuiteContext) -> Bool {
        if var modal = permissions.first {
            // The question takes every key but quitting.
            if press == .f(10) || press == .ctrl("c") { return false }
            if case .answered(let allow) = modal.handle(press) {
                permissions.removeFirst()
                answer(modal, allow: allow)
            } else {
                permissions[0] = modal
            }
            return true
        }
        // Ctrl-N with no banner showing brings back the newest notification of the list.
        if press == .ctrl("n"), banners.entries.isEmpty,
            let newest = ledger.groups.flatMap({ $0.threads.flatMap(\.notifications) }).max(by: { $0.date < $1.date })
        {
            banners.recall(bannerEntry(newest, seconds: PresentationPolicy.bannerSeconds, context: context))
            return true
        }
        let command = banners.handle(press)
        if !banners.isFocused { banners.expire(now: context.now()) }
        return perform(command, context: context)
    }

    public func renderOverlay(in content: Rect, into buffer: inout CellBuffer, context: SuiteContext) -> Point? {
        let cursor = banners.render(in: content, now: now(), into: &buffer)
        if let modal = permissions.first {
            modal.render(in: content, into: &buffer)
            return nil
        }
        return cursor
    }

    public func badge(forApp name: String) -> Int? {
        guard let bundle = appNames.first(where: { $0.value == name })?.key else { return nil }
        return ledger.badges[bundle]
    }

    public var topBarMark: String? { doNotDisturb() ? "☾" : nil }

    // MARK: Arrivals

    private func apply(_ snapshot: SuiteNotificationSnapshot, context: SuiteContext) {
        ledger.replaceDelivered(snapshot.delivered)
        ledger.replacePending(snapshot.pending)
        for (bundle, settings) in snapshot.settings { ledger.settings[bundle] = settings }
        for (bundle, categories) in snapshot.categories { ledger.categories[bundle] = categories }
        if !awayShown {
            // What arrived since the suite last ran is summed up in one banner, not shown one by one.
            awayShown = true
            let lastSeen = loadLastSeen()
            let away = lastSeen.map { seen in snapshot.delivered.filter { $0.date > seen } } ?? []
            if !away.isEmpty {
                for notification in away { presented.insert(Self.key(notification)) }
                context.showBanner(WhileAway.summary(away, appName: appName))
            }
            saveLastSeen()
        }
        for notification in snapshot.delivered.reversed()
        where notification.date >= startedAt && !presented.contains(Self.key(notification)) {
            let bundle = notification.owner.bundleIdentifier
            arrived(
                notification, settings: ledger.settings(of: bundle), categories: ledger.categories[bundle] ?? [],
                context: context)
        }
    }

    /// Presents a delivery as the policy says; `again` for one held while its app's permission was asked.
    private func arrived(
        _ notification: DeliveredNotification, settings: NotificationSettings, categories: [NotificationCategory],
        context: SuiteContext, again: Bool = false
    ) {
        let bundle = notification.owner.bundleIdentifier
        ledger.settings[bundle] = settings
        // Already shown (or summed up) when the link connected: only the list is updated.
        guard presented.insert(Self.key(notification)).inserted || again else {
            ledger.deliver(notification)
            return
        }
        ledger.categories[bundle] = categories
        if settings.authorizationStatus == .notDetermined, requestAuthorization(for: bundle) {
            held[bundle, default: []].append(notification)
            return
        }
        var answer: PresentationOptions?
        if frontmostBundle() == bundle,
            let delegate = delegates.first(where: { $0.notificationBundleIdentifier == bundle })
        {
            answer = delegate.willPresent(notification)
        }
        let presentation = PresentationPolicy.decide(
            content: notification.request.content, settings: settings, appAnswer: answer,
            doNotDisturb: doNotDisturb())
        ledger.deliver(notification)
        if presentation.banner {
            banners.push(bannerEntry(notification, seconds: presentation.bannerSeconds, context: context))
            scheduleBannerTimer(context)
        }
        if presentation.sound { signal(.bell) }
        if presentation.banner {
            let content = notification.request.content
            let preview = settings.showPreviews
            desktopCount += 1
            signal(
                .desktop(
                    title: "\(appName(bundle)): \(preview ? content.title : "Notification")",
                    body: preview ? content.body : "", identifier: desktopCount))
        }
    }

    private static func key(_ notification: DeliveredNotification) -> String {
        let owner = notification.owner
        return
            "\(owner.bundleIdentifier)\n\(owner.device)\n\(notification.request.identifier)\n\(notification.date.timeIntervalSince1970)"
    }

    /// The page a command-line notification opens when it is chosen (`baton notify --url`, as ntfy's click).
    static func clickURL(of response: NotificationResponse) -> URL? {
        guard response.actionIdentifier == NotificationResponse.defaultActionIdentifier,
            response.notification.owner.bundleIdentifier == "com.baton.cli",
            case .string(let text)? = response.notification.request.content.userInfo["url"]
        else { return nil }
        return URL(string: text)
    }

    /// A banner for `notification` with its category's buttons, leaving after `seconds`.
    private func bannerEntry(_ notification: DeliveredNotification, seconds: Double, context: SuiteContext)
        -> BannerStack.Entry
    {
        let category = ledger.category(of: notification)
        return BannerStack.Entry(
            bar: ActionBar(notification: notification, category: category),
            appName: appName(notification.owner.bundleIdentifier), expires: context.now().addingTimeInterval(seconds),
            showsPreview: ledger.settings(of: notification.owner.bundleIdentifier).showPreviews,
            categoryOptions: category?.options ?? [])
    }

    private func scheduleBannerTimer(_ context: SuiteContext) {
        guard let next = banners.nextExpiry else { return }
        context.schedule(after: max(0.05, next.timeIntervalSince(context.now())), NotificationsTimer.banners)
    }

    private func updateTitle() {
        let total = ledger.badgeTotal
        let title = total > 0 ? "Baton (\(total))" : "Baton"
        guard title != lastTitle else { return }
        if lastTitle != nil || total > 0 { signal(.title(title)) }
        lastTitle = title
    }

    // MARK: Commands

    /// Carries out what a key asked for; returns whether the key was used.
    private func perform(_ command: NotificationCommand, context: SuiteContext) -> Bool {
        switch command {
        case .ignored: return false
        case .handled: return true
        case .respond(let notification, let action, let text, let foreground):
            remove(
                notification,
                after: NotificationResponse(notification: notification, actionIdentifier: action, userText: text))
            if foreground { context.activate(app: appName(notification.owner.bundleIdentifier)) }
        case .dismiss(let notification):
            let custom = ledger.category(of: notification)?.options.contains(.customDismissAction) == true
            remove(
                notification,
                after: custom
                    ? NotificationResponse(
                        notification: notification, actionIdentifier: NotificationResponse.dismissActionIdentifier)
                    : nil)
        case .clear(let bundle):
            let filter = NotificationFilter(bundleIdentifier: bundle, device: device)
            for notification in ledger.delivered where filter.matches(notification.owner) {
                banners.remove(owner: notification.owner, identifiers: [notification.request.identifier])
            }
            call { center in
                _ = try await center.ask(.removeDelivered(filter))
                return nil
            }
        case .cancel(let pending):
            let filter = NotificationFilter(
                bundleIdentifier: pending.owner.bundleIdentifier, device: device,
                identifiers: [pending.request.identifier])
            let all = NotificationFilter(device: device)
            call { center in
                _ = try await center.ask(.removePending(filter))
                guard case .pendingList(let list) = try await center.ask(.pendingQuery(all)) else { return nil }
                return .pending(list)
            }
        case .toggleDoNotDisturb:
            toggleDoNotDisturb(context)
        case .changeSettings(let request):
            change(request)
        }
        updateTitle()
        return true
    }

    // MARK: Permission and settings

    /// An app of the suite's first `requestAuthorization` on this device: asks the user (a quiet,
    /// provisional request is granted without a question, as iOS does). Returns false when the app does
    /// not ask (not one of the suite's, or it asks for nothing).
    @discardableResult
    public func requestAuthorization(for bundle: String) -> Bool {
        guard let delegate = delegates.first(where: { $0.notificationBundleIdentifier == bundle }),
            let options = delegate.authorizationOptions
        else { return false }
        guard !permissions.contains(where: { $0.bundleIdentifier == bundle }) else { return true }
        let modal = PermissionModal(bundleIdentifier: bundle, appName: appName(bundle), options: options)
        if options.contains(.provisional) {
            answer(modal, allow: true)
        } else {
            permissions.append(modal)
        }
        return true
    }

    /// Sends the user's answer: Allow is the app's `requestAuthorization` granted; Don't Allow denies.
    private func answer(_ modal: PermissionModal, allow: Bool) {
        let owner = NotificationOwner(bundleIdentifier: modal.bundleIdentifier, device: device)
        let (options, device) = (modal.options, self.device)
        call { center in
            if allow {
                let reply = try await center.ask(
                    .requestAuthorization(AuthorizationRequest(owner: owner, options: options)))
                guard case .authorization(let answer) = reply else { return nil }
                return .settings(owner.bundleIdentifier, answer.settings)
            }
            let reply = try await center.ask(
                .changeSettings(SettingsChange(owner: owner, allow: false, requester: device)))
            guard case .settings(let settings) = reply else { return nil }
            return .settings(owner.bundleIdentifier, settings)
        }
    }

    /// An app's `add(_:)`: asks permission the first time, then schedules it and says when it fires.
    private func add(_ post: NotificationRequestPost, context: SuiteContext) {
        let bundle = post.bundleIdentifier
        guard center != nil else {
            // Still connecting (the suite just started, or the daemon restarts): added once connected.
            waitingForLink.append(post)
            return
        }
        switch ledger.settings[bundle]?.authorizationStatus {
        case nil, .notDetermined?:
            // Unknown settings are read first; a first request asks.
            heldRequests[bundle, default: []].append(post.request)
            let owner = NotificationOwner(bundleIdentifier: bundle, device: device)
            if ledger.settings[bundle] == nil {
                call { center in
                    guard case .settings(let settings) = try await center.ask(.getSettings(owner)) else { return nil }
                    return .settings(bundle, settings)
                }
            } else {
                requestAuthorization(for: bundle)
            }
            return
        case .denied?:
            context.showBanner("\(appName(bundle)) may not send notifications (F4 → s Settings)", kind: .warning)
            return
        default: break
        }
        let owner = NotificationOwner(bundleIdentifier: bundle, device: device)
        let (request, device) = (post.request, self.device)
        call { center in
            let reply = try await center.ask(.add(AddNotification(owner: owner, request: request, requester: device)))
            guard case .added(let added) = reply else { return nil }
            let when = ReminderText.when(added.nextFireDate, trigger: request.trigger)
            guard case .pendingList(let list) = try await center.ask(.pendingQuery(NotificationFilter(device: device)))
            else { return nil }
            return .scheduled(list, "“\(NotificationText.shown(request.content.title))” \(when)")
        }
    }

    private func change(_ request: SettingsChangeRequest) {
        let change = SettingsChange(
            owner: NotificationOwner(bundleIdentifier: request.bundleIdentifier, device: device), allow: request.allow,
            sounds: request.sounds, badges: request.badges, alerts: request.alerts, previews: request.previews,
            requester: device)
        call { center in
            guard case .settings(let settings) = try await center.ask(.changeSettings(change)) else { return nil }
            return .settings(request.bundleIdentifier, settings)
        }
    }

    private func toggleDoNotDisturb(_ context: SuiteContext) {
        do {
            let state = try dnd.toggle(at: context.now())
            context.showBanner("Do Not Disturb " + (state.describe(at: context.now()).map { "on (\($0))" } ?? "off"))
        } catch {
            context.showBanner("Do Not Disturb: cannot save \(dnd.url.path): \(error)", kind: .error)
        }
    }

    /// Reads this device's pending requests again.
    private func refreshPending() {
        let filter = NotificationFilter(device: device)
        call { center in
            guard case .pendingList(let list) = try await center.ask(.pendingQuery(filter)) else { return nil }
            return .pending(list)
        }
    }

    /// Removes a notification here and, for a push delivered to several devices, on all of them; after `response`,
    /// when there is one, has reached the daemon. One call, in that order: the app (or a freedesktop client waiting
    /// with `notify-send --wait`) hears the action before the removal, never a removal that hides it.
    private func remove(_ notification: DeliveredNotification, after response: NotificationResponse? = nil) {
        let owner = notification.owner
        ledger.remove(
            NotificationsRemoved(
                owner: owner, identifiers: [notification.request.identifier], pending: false, reason: .requested))
        banners.remove(owner: owner, identifiers: [notification.request.identifier])
        let everyDevice = notification.request.trigger == .push
        let filter = NotificationFilter(
            bundleIdentifier: owner.bundleIdentifier, device: everyDevice ? nil : owner.device,
            identifiers: [notification.request.identifier])
        call { center in
            if let response { _ = try await center.ask(.notificationResponse(response)) }
            _ = try await center.ask(.removeDelivered(filter))
            return nil
        }
    }

    /// Runs a daemon call off the UI thread; its result (or failure) comes back as a message.
    private func call(_ body: @escaping @Sendable (UserNotificationCenter) async throws -> SuiteNotificationMessage?) {
        guard let center else {
            port.post(SuiteNotificationMessage.failed("not connected to the account daemon"), to: .app(name))
            return
        }
        let port = self.port
        let inbox = Addressee.app(name)
        Task.detached {
            do {
                if let message = try await body(center) { port.post(message, to: inbox) }
            } catch {
                port.post(SuiteNotificationMessage.failed("\(error)"), to: inbox)
            }
        }
    }

    // MARK: Last seen

    private var lastSeenFile: URL {
        paths.deviceDirectory(device).appendingPathComponent("notifications-seen")
    }

    private func loadLastSeen() -> Date? {
        guard let data = try? PrivateFile.read(lastSeenFile),
            let seconds = Double(String(decoding: data, as: UTF8.self))
        else {
            return nil
        }
        return Date(timeIntervalSince1970: seconds)
    }

    private func saveLastSeen() {
        let now = now()
        try? PrivateFile.write(Data(String(now.timeIntervalSince1970).utf8), to: lastSeenFile)
    }
}

/// The Notifications destination's timers.
enum NotificationsTimer: TimerKey {
    /// Each second: the moon follows `baton dnd`, and every fifth the pending list is read again.
    case doNotDisturb
    /// The next banner's time to leave.
    case banners
}
