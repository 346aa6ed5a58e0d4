import BatonEnvironment
import Foundation
import Logging
import NIOCore
import Notifications
import Wire

/// The daemon's notification center (UNUserNotificationCenter's server side). Serves the `notification` family.
///
/// Requests, delivered notifications, settings, categories and badges are kept per app per device, in memory
/// for answers and in SQLite for restarts. A firing and its delivered record commit in one transaction before
/// anyone hears of it; the loop never waits for the disk (`NotificationTable.write`). Registration is not
/// required: the CLI schedules and queries over one short connection.
final class NotificationService: DaemonService {
    let families: Set<MessageFamily> = [.notification]
    var requiresRegistration: Bool { false }

    /// The CLI's own bundle: authorized by the user who runs it, as `notify-send` needs no permission.
    static let cliBundleIdentifier = "com.baton.cli"

    let scheduler: NotificationScheduler
    let table: NotificationTable
    let devices: DeviceRegistry
    let eventLoop: any EventLoop
    let clock: any DeadlineClock
    let logger: Logger
    /// What clients may make the notification center keep (`BATON_NOTIFICATION_LIMITS` for tests).
    let limits: NotificationLimits
    /// Each app's row per device; set through `setApp` (or `dropApps`), which keep `categoriesWeight`.
    var apps: [NotificationOwner: NotificationTable.AppRow] = [:]
    /// `ContentCheck.weight` of all apps' categories, kept as rows change, so a `setCategories` costs the
    /// change, not a recount of every app (9 000 apps took 130 s: issue 36).
    var categoriesWeight = 0
    /// Delivered notifications per owner, oldest first (the newest is the top of Notification Center).
    var delivered: [NotificationOwner: [DeliveredNotification]] = [:]
    var unsent: [NotificationOwner: Set<String>] = [:]
    /// Pushes waiting for absent devices, by device, oldest first (at most `limits.maxWaitingPerDevice` each).
    var waiting: [String: [NotificationTable.WaitingPush]] = [:]
    /// When each known device last connected (or became known), and the apps each registered device has.
    var deviceSeen: [String: Date] = [:]
    var deviceApps: [String: Set<String>] = [:]
    /// Upper estimates of the pending and delivered content held (`NotificationService+Budget`).
    var pendingContentBytes = 0
    var deliveredContentBytes = Int.max / 2
    var knownApps: Set<String>
    var knownDevices: Set<String>
    var locations: [String: Coordinate] = [:]
    /// Every device token given, valid or unregistered, by token (`NotificationService+Tokens`).
    var tokens: [String: DeviceToken] = [:]
    let extensions: ServiceExtensionCatalog
    let extensionRunner: ServiceExtensionHost
    var followers: [Int: (connection: ClientConnection, requestID: UInt64?, filter: NotificationFilter)] = [:]
    var sequence: Int64 = 0
    /// The highest delivery sequence whose fire has committed: what is answered or replayed never goes past
    /// it, so no client hears of a delivery a crash could still undo (fires commit in sequence order).
    var committedThrough: Int64 = 0
    /// The desktop's notification server, when opted in (`FreedesktopBridge`, `desktopBridge()`).
    var bridge: FreedesktopBridge?
    /// When the desktop setting's file was last read (nil inside: it did not exist).
    var desktopStamp: Date??
    let paths = BatonPaths()
    /// The account link's side of pushes for other machines.
    let relay: PushRelay
    /// Notifications from other machines whose action went back to them (`NotificationService+AcrossMachines`).
    var answeredElsewhere: [String] = []
    /// True while a close from the machine a notification came from is applied (it is not answered back).
    var closingFromOrigin = false
    /// The pushes from other machines taken here, by server row: each is taken once (`TakenPushes`).
    var takenPushes: TakenPushes
    /// Called after each batch of fires was committed (lateness of each, for the benchmark's probe).
    var onCommittedFires: ([NotificationScheduler.Firing]) -> Void = { _ in }

    init(
        store: AccountStore, devices: DeviceRegistry, eventLoop: any EventLoop, clock: any DeadlineClock,
        extensions: ServiceExtensionCatalog, extensionRunner: ServiceExtensionHost, logger: Logger,
        limits: NotificationLimits? = nil
    ) throws {
        self.extensions = extensions
        self.extensionRunner = extensionRunner
        table = NotificationTable(writes: store.writes, logger: logger)
        self.devices = devices
        self.eventLoop = eventLoop
        self.clock = clock
        self.logger = logger
        self.limits = limits ?? NotificationLimits.fromEnvironment(ProcessInfo.processInfo.environment)
        scheduler = NotificationScheduler(clock: clock)
        relay = PushRelay(clock: clock, paths: paths)
        let startedAt = clock.now()
        let contents = try table.load(dueBy: startedAt)
        knownApps = contents.knownApps.union([Self.cliBundleIdentifier])
        knownDevices = contents.knownDevices
        apps = contents.apps
        categoriesWeight = apps.values.reduce(0) { $0 + ContentCheck.weight(of: $1.categories) }
        waiting = Dictionary(grouping: contents.waiting, by: \.device)
        deviceSeen = contents.deviceSeen
        deviceApps = contents.deviceApps
        tokens = try TokenTable.load(store.pool)
        takenPushes = try TakenPushes.load(store.pool)
        restore(contents.pending)
        for (row, rowSequence, isUnsent) in contents.delivered {
            var notification = row
            notification.sequence = rowSequence
            delivered[notification.owner, default: []].append(notification)
            if isUnsent { unsent[notification.owner, default: []].insert(notification.request.identifier) }
            sequence = max(sequence, rowSequence)
        }
        sequence = max(sequence, contents.waiting.map(\.sequence).max() ?? 0)
        for notification in delivered.values.joined() { armExpiry(notification) }
        committedThrough = sequence
        scheduler.onFire = { [unowned self] firings in self.fire(firings) }
        scheduler.onRecomputed = { [logger] reason in
            logger.notice("calendar triggers recomputed", metadata: ["reason": "\(reason)"])
        }
        _ = desktopBridge()
        // What was missed fires first (late); then the rest is read and armed.
        scheduler.start()
        let rest = try table.loadPending(after: startedAt)
        restore(rest)
        scheduler.start()
        forgetStaleDevices()
        armDeviceSweep()
        if !contents.pending.isEmpty || !rest.isEmpty {
            logger.info(
                "notifications restored", metadata: ["missed": "\(contents.pending.count)", "pending": "\(rest.count)"])
        }
    }

    func restore(_ rows: [NotificationTable.PendingRow]) {
        for row in rows {
            scheduler.restore(owner: row.owner, request: row.request, anchor: row.anchor, nextFire: row.nextFire)
            knownApps.insert(row.owner.bundleIdentifier)
            knownDevices.insert(row.owner.device)
        }
    }

    // MARK: - Messages

    func receive(_ message: WireMessage, from connection: ClientConnection) {
        guard case .notification(let envelope) = message else {
            return connection.fail(nil, code: WireFailure.badRequest, "'\(message.kind)' is not a notification message")
        }
        let typed: NotificationMessage
        do {
            typed = try NotificationMessage(envelope)
        } catch {
            let reason =
                error is NotificationMessageError
                ? "\(error)" : "malformed \(BoundedQuote.quote(envelope.kind)): \(error)"
            return connection.fail(
                envelope.requestID, code: WireFailure.badRequest, BoundedQuote.escaped(reason, limit: 400))
        }
        let requestID = envelope.requestID
        func reply(_ answer: NotificationMessage) { send(answer, requestID: requestID, to: connection) }
        func refuse(_ code: Int, _ text: String) { connection.fail(requestID, code: code, text) }
        switch typed {
        case .requestAuthorization(let ask):
            if let problem = unknown(ask.owner, requester: connection.device?.name) {
                return refuse(NotificationFailure.unknownTarget, problem)
            }
            var app = appRow(ask.owner)
            if app.settings.authorizationStatus == .notDetermined {
                app.settings = .granted(ask.options)
                saveApp(ask.owner, app)
            }
            let status = app.settings.authorizationStatus
            answerAfterCommit(
                .authorization(
                    AuthorizationAnswer(
                        granted: status == .authorized || status == .provisional, settings: app.settings)),
                requestID: requestID, to: connection)
        case .getSettings(let owner):
            // Reading is harmless for a device the daemon has not met yet: it has the defaults.
            if let problem = unknown(owner, requester: owner.device) {
                return refuse(NotificationFailure.unknownTarget, problem)
            }
            reply(.settings(appRow(owner).settings))
        case .changeSettings(let change):
            if let problem = unknown(change.owner, requester: connection.device?.name ?? change.requester) {
                return refuse(NotificationFailure.unknownTarget, problem)
            }
            var app = appRow(change.owner)
            app.settings = Self.applying(change, to: app.settings)
            saveApp(change.owner, app)
            answerAfterCommit(.settings(app.settings), requestID: requestID, to: connection)
        case .setCategories(let update):
            installIfStandingIn(update.owner, from: connection)
            if let problem = unknown(update.owner, requester: connection.device?.name) {
                return refuse(NotificationFailure.unknownTarget, problem)
            }
            if let refusal = refusal(of: update) { return refuse(refusal.code, refusal.reason) }
            var app = appRow(update.owner)
            app.categories = update.categories
            saveApp(update.owner, app)
            answerAfterCommit(.done, requestID: requestID, to: connection)
        case .categoriesQuery(let owner): reply(.categoriesList(appRow(owner).categories))
        case .add(let add): self.add(add, requestID: requestID, from: connection)
        case .pendingQuery(let filter), .deliveredQuery(let filter), .removePending(let filter),
            .removeDelivered(let filter):
            if connection.device == nil, let problem = unknown(filter) {
                return refuse(NotificationFailure.unknownTarget, problem)
            }
            listOrRemove(typed, filter: filter, requestID: requestID, connection: connection)
        case .setBadgeCount(let update):
            var app = appRow(update.owner)
            app.badge = max(0, update.count)
            saveApp(update.owner, app)
            answerAfterCommit(.done, requestID: requestID, to: connection)
        case .notificationResponse(let response):
            relay(response, from: connection)
            reply(.done)
        case .follow(let filter):
            followers[connection.id] = (connection, requestID, filter)
            if let device = filter.device {
                // A follower of one device stands in for it; an app following itself there is installed there.
                sawDevice(device)
                if let bundle = filter.bundleIdentifier { knownApps.insert(bundle) }
                deliverWaitingPushes(to: device)
            }
            reply(.done)
        case .push(let push): self.push(push, requestID: requestID, from: connection)
        case .registerForRemoteNotifications(let owner):
            registerForRemoteNotifications(owner, requestID: requestID, from: connection)
        case .unregisterForRemoteNotifications(let owner):
            unregisterForRemoteNotifications(owner, requestID: requestID, from: connection)
        case .tokensQuery(let filter): reply(.tokensList(tokenList(filter)))
        case .appsQuery(let filter): reply(.appsList(appList(filter)))
        case .relayPushes:
            logger.info("the account link takes what is for other machines")
            relay.attach(connection)
            reply(.done)
        case .relayedPush(let outcome):
            if requestID == nil, outcome.dropped, let push = outcome.push {
                return reportDropped(push, note: outcome.note)
            }
            relay.answered(requestID, outcome)
        case .remoteAnswer(let answer):
            apply(answer)
            // After what it removed has committed: the link holds its push cursor below the answer until then.
            answerAfterCommit(.done, requestID: requestID, to: connection)
        case .locationChanged(let update):
            let previous = locations[update.device]
            let current = Coordinate(latitude: update.latitude, longitude: update.longitude)
            locations[update.device] = current
            scheduler.locationChanged(device: update.device, from: previous, to: current)
            reply(.done)
        case .authorization, .settings, .categoriesList, .added, .pendingList, .pendingPiece, .deliveredList,
            .deliveredPiece, .removed,
            .notificationDelivered,
            .notificationsRemoved, .backgroundPush, .pushed, .relayPush, .deviceToken, .tokensList, .appsList,
            .done:
            refuse(WireFailure.badRequest, "'\(typed.kind)' is not sent to the daemon")
        }
    }
}
