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

    /// Apple keeps at most this many delivered notifications per app (per device here).
    static let maxDeliveredPerOwner = 100
    /// The CLI's own bundle: authorized by the user who runs it, as `notify-send` needs no permission.
    static let cliBundleIdentifier = "com.baton.cli"

    let scheduler: NotificationScheduler
    private let table: NotificationTable
    private let devices: DeviceRegistry
    private let eventLoop: any EventLoop
    private let clock: any DeadlineClock
    private let logger: Logger
    private var apps: [NotificationOwner: NotificationTable.AppRow] = [:]
    /// Delivered notifications per owner, oldest first (the newest is the top of Notification Center).
    private var delivered: [NotificationOwner: [DeliveredNotification]] = [:]
    private var unsent: [NotificationOwner: Set<String>] = [:]
    private var waiting: [NotificationTable.WaitingPush] = []
    private var knownApps: Set<String>
    private var knownDevices: Set<String>
    private var locations: [String: Coordinate] = [:]
    private let extensions: ServiceExtensionCatalog
    private let extensionRunner: ServiceExtensionHost
    private var followers: [Int: (connection: ClientConnection, requestID: UInt64?, filter: NotificationFilter)] = [:]
    private var sequence: Int64 = 0
    /// The desktop's notification server, when opted in (`FreedesktopBridge`).
    private let bridge: FreedesktopBridge?
    /// The account link's side of pushes for other machines.
    let relay: PushRelay
    /// Called after each batch of fires was committed (lateness of each, for the benchmark's probe).
    var onCommittedFires: ([NotificationScheduler.Firing]) -> Void = { _ in }

    init(
        store: AccountStore, devices: DeviceRegistry, eventLoop: any EventLoop, clock: any DeadlineClock,
        extensions: ServiceExtensionCatalog, extensionRunner: ServiceExtensionHost, logger: Logger
    ) throws {
        self.extensions = extensions
        self.extensionRunner = extensionRunner
        table = NotificationTable(pool: store.pool, logger: logger)
        self.devices = devices
        self.eventLoop = eventLoop
        self.clock = clock
        self.logger = logger
        bridge = FreedesktopBridge.make(
            environment: ProcessInfo.processInfo.environment, loop: eventLoop, logger: logger)
        scheduler = NotificationScheduler(clock: clock)
        relay = PushRelay(clock: clock)
        let startedAt = clock.now()
        let contents = try table.load(dueBy: startedAt)
        knownApps = contents.knownApps.union([Self.cliBundleIdentifier])
        knownDevices = contents.knownDevices
        apps = contents.apps
        waiting = contents.waiting
        restore(contents.pending)
        for (notification, rowSequence, isUnsent) in contents.delivered {
            delivered[notification.owner, default: []].append(notification)
            if isUnsent { unsent[notification.owner, default: []].insert(notification.request.identifier) }
            sequence = max(sequence, rowSequence)
        }
        sequence = max(sequence, contents.waiting.map(\.sequence).max() ?? 0)
        scheduler.onFire = { [unowned self] firings in self.fire(firings) }
        bridge?.onEvent = { [unowned self] event in self.desktopDid(event) }
        scheduler.onRecomputed = { [logger] reason in
            logger.notice("calendar triggers recomputed", metadata: ["reason": "\(reason)"])
        }
        // What was missed fires first (late); then the rest is read and armed.
        scheduler.start()
        let rest = try table.loadPending(after: startedAt)
        restore(rest)
        scheduler.start()
        if !contents.pending.isEmpty || !rest.isEmpty {
            logger.info(
                "notifications restored", metadata: ["missed": "\(contents.pending.count)", "pending": "\(rest.count)"])
        }
    }

    private func restore(_ rows: [NotificationTable.PendingRow]) {
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
            reply(
                .authorization(
                    AuthorizationAnswer(
                        granted: status == .authorized || status == .provisional, settings: app.settings)))
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
            reply(.settings(app.settings))
        case .setCategories(let update):
            var app = appRow(update.owner)
            app.categories = update.categories
            saveApp(update.owner, app)
            reply(.done)
        case .categoriesQuery(let owner): reply(.categoriesList(appRow(owner).categories))
        case .add(let add): self.add(add, requestID: requestID, from: connection)
        case .pendingQuery(let filter):
            reply(.pendingList(scheduler.pending { filter.matches($0) }))
        case .deliveredQuery(let filter):
            let list = delivered.filter { filter.matches($0.key) }.values.flatMap { $0 }
                .sorted { $0.date > $1.date }
            reply(.deliveredList(list))
        case .removePending(let filter): reply(.removed(removePending(filter)))
        case .removeDelivered(let filter): reply(.removed(removeDelivered(filter, reason: .requested)))
        case .setBadgeCount(let update):
            var app = appRow(update.owner)
            app.badge = max(0, update.count)
            saveApp(update.owner, app)
            reply(.done)
        case .notificationResponse(let response):
            relay(response, from: connection)
            reply(.done)
        case .follow(let filter):
            followers[connection.id] = (connection, requestID, filter)
            if let device = filter.device {
                // A follower of one device stands in for it; an app following itself there is installed there.
                knownDevices.insert(device)
                if let bundle = filter.bundleIdentifier { knownApps.insert(bundle) }
                deliverWaitingPushes(to: device)
            }
            reply(.done)
        case .push(let push): self.push(push, requestID: requestID, from: connection)
        case .relayPushes:
            relay.attach(connection)
            reply(.done)
        case .relayedPush(let outcome): relay.answered(requestID, outcome)
        case .locationChanged(let update):
            let previous = locations[update.device]
            let current = Coordinate(latitude: update.latitude, longitude: update.longitude)
            locations[update.device] = current
            scheduler.locationChanged(device: update.device, from: previous, to: current)
            reply(.done)
        case .authorization, .settings, .categoriesList, .added, .pendingList, .deliveredList, .removed,
            .notificationDelivered,
            .notificationsRemoved, .pushed, .relayPush, .done:
            refuse(WireFailure.badRequest, "'\(typed.kind)' is not sent to the daemon")
        }
    }

    func deviceRegistered(_ connection: ClientConnection) {
        // Another machine's device shown here by the account link is not sent this machine's notifications.
        guard let device = connection.device, device.machine == nil else { return }
        knownDevices.insert(device.name)
        for app in device.apps { knownApps.insert(app.bundleIdentifier) }
        // What was delivered while the device was away.
        for (owner, identifiers) in unsent where owner.device == device.name {
            let notifications = (delivered[owner] ?? []).filter { identifiers.contains($0.request.identifier) }
            for notification in notifications {
                send(.notificationDelivered(notification), requestID: nil, to: connection)
            }
            unsent[owner] = nil
            let sent = Array(identifiers)
            table.write { db in try NotificationTable.markSent(owner, identifiers: sent, in: db) }
        }
        deliverWaitingPushes(to: device.name)
    }

    func connectionClosed(_ connection: ClientConnection) {
        followers[connection.id] = nil
        relay.detach(connection)
    }

    // MARK: - Adding

    private func add(_ add: AddNotification, requestID: UInt64?, from connection: ClientConnection) {
        let owner = add.owner
        if let problem = unknown(owner, requester: connection.device?.name ?? add.requester) {
            return connection.fail(requestID, code: NotificationFailure.unknownTarget, problem)
        }
        let app = appRow(owner)
        if app.settings.authorizationStatus == .denied {
            return connection.fail(
                requestID, code: NotificationFailure.invalid,
                "notifications are not allowed for \(BoundedQuote.quote(owner.bundleIdentifier)) on \(BoundedQuote.quote(owner.device)) (baton notifications settings --allow)"
            )
        }
        if let problem = RequestCheck.problem(
            with: add.request, categories: app.categories, now: clock.now(), deviceTimeZone: scheduler.deviceTimeZone)
        {
            return connection.fail(requestID, code: NotificationFailure.invalid, problem)
        }
        if add.request.trigger == nil {
            // No trigger: delivered at once, never pending (so never counted among the 64).
            let now = clock.now()
            scheduler.remove(owner: owner, identifiers: [add.request.identifier])
            fire([
                NotificationScheduler.Firing(
                    owner: owner, request: add.request, due: now, lateBy: nil, nextFire: nil, anchor: now)
            ])
            return send(
                .added(NotificationAdded(identifier: add.request.identifier, nextFireDate: now)), requestID: requestID,
                to: connection)
        }
        let result: (nextFire: Date?, pushedOut: String?)
        do {
            result = try scheduler.add(owner: owner, request: add.request)
        } catch {
            switch error {
            case .noFutureDate:
                return connection.fail(
                    requestID, code: NotificationFailure.invalid,
                    "the trigger matches no future date: it would never fire")
            case .capacity(let kept):
                return connection.fail(
                    requestID, code: NotificationFailure.capacity,
                    "\(kept) requests of \(BoundedQuote.quote(owner.bundleIdentifier)) on \(BoundedQuote.quote(owner.device)) fire sooner: this one would not be kept (remove some first)"
                )
            }
        }
        let row = NotificationTable.PendingRow(
            owner: owner, request: add.request,
            anchor: scheduler.scheduled(owner: owner, identifier: add.request.identifier)?.anchor ?? clock.now(),
            nextFire: result.nextFire)
        let pushedOut = result.pushedOut
        table.write { db in
            try NotificationTable.savePending(row, in: db)
            if let pushedOut { try NotificationTable.deletePending(owner, identifiers: [pushedOut], in: db) }
        }
        if let pushedOut {
            logger.notice(
                "request pushed out of the 64 kept",
                metadata: [
                    "app": "\(BoundedQuote.escaped(owner.bundleIdentifier))",
                    "device": "\(BoundedQuote.escaped(owner.device))",
                    "identifier": "\(BoundedQuote.escaped(pushedOut))",
                ])
            let notice = NotificationMessage.notificationsRemoved(
                NotificationsRemoved(owner: owner, identifiers: [pushedOut], pending: true, reason: .pushedOut))
            if let device = devices.connection(named: owner.device) { send(notice, requestID: nil, to: device) }
            tellFollowers(notice, owner: owner)
        }
        send(
            .added(NotificationAdded(identifier: add.request.identifier, nextFireDate: result.nextFire)),
            requestID: requestID, to: connection)
    }

    // MARK: - Firing

    /// Records a batch of fires (one transaction: pending rows removed or moved on, delivered rows written,
    /// overflow dropped), then, once committed, tells the devices and followers.
    private func fire(_ firings: [NotificationScheduler.Firing]) {
        let now = clock.now()
        var records: [(DeliveredNotification, Int64, Bool)] = []
        var dropped: [(NotificationOwner, [String])] = []
        var remaining: [NotificationTable.PendingRow] = []
        var finished: [(NotificationOwner, String)] = []
        for firing in firings {
            let notification = DeliveredNotification(
                owner: firing.owner, request: firing.request, date: now, lateBy: firing.lateBy)
            let connected = isPresent(firing.owner.device)
            sequence += 1
            records.append((notification, sequence, !connected))
            dropped.append((firing.owner, record(notification, unsent: !connected)))
            if let next = firing.nextFire {
                remaining.append(
                    .init(owner: firing.owner, request: firing.request, anchor: firing.anchor, nextFire: next))
            } else {
                finished.append((firing.owner, firing.request.identifier))
            }
        }
        let loop = eventLoop
        let bound = NIOLoopBound(self, eventLoop: loop)
        let committed = firings
        let deliveredNow = records.map(\.0)
        let (finishedRows, remainingRows, recordRows, droppedRows) = (finished, remaining, records, dropped)
        table.write { db in
            for (owner, identifier) in finishedRows {
                try NotificationTable.deletePending(owner, identifiers: [identifier], in: db)
            }
            for row in remainingRows { try NotificationTable.savePending(row, in: db) }
            for (notification, sequence, isUnsent) in recordRows {
                try NotificationTable.saveDelivered(notification, sequence: sequence, unsent: isUnsent, in: db)
            }
            for (owner, identifiers) in droppedRows where !identifiers.isEmpty {
                try NotificationTable.deleteDelivered(owner, identifiers: identifiers, in: db)
            }
        } then: {
            loop.execute {
                let service = bound.value
                for notification in deliveredNow { service.announce(notification) }
                service.onCommittedFires(committed)
            }
        }
    }

    /// Adds `notification` on top of its owner's delivered list (replacing one with the same identifier);
    /// returns the identifiers dropped beyond the 100 kept.
    private func record(_ notification: DeliveredNotification, unsent isUnsent: Bool) -> [String] {
        let owner = notification.owner
        var list = delivered[owner] ?? []
        list.removeAll { $0.request.identifier == notification.request.identifier }
        list.append(notification)
        var droppedIdentifiers: [String] = []
        if list.count > Self.maxDeliveredPerOwner {
            let overflow = list.prefix(list.count - Self.maxDeliveredPerOwner)
            droppedIdentifiers = overflow.map(\.request.identifier)
            list.removeFirst(overflow.count)
            for identifier in droppedIdentifiers { unsent[owner]?.remove(identifier) }
        }
        delivered[owner] = list
        if isUnsent { unsent[owner, default: []].insert(notification.request.identifier) }
        return droppedIdentifiers
    }

    /// Sends a committed delivery to its device (when connected) and to followers.
    private func announce(_ notification: DeliveredNotification) {
        let owner = notification.owner
        if let device = devices.connection(named: owner.device) {
            send(.notificationDelivered(notification), requestID: nil, to: device)
            if unsent[owner]?.remove(notification.request.identifier) != nil {
                let identifier = notification.request.identifier
                table.write { db in try NotificationTable.markSent(owner, identifiers: [identifier], in: db) }
            }
        } else if isPresent(owner.device) {
            // A follower stands in for the device (`baton notifications --follow --device D`).
            if unsent[owner]?.remove(notification.request.identifier) != nil {
                let identifier = notification.request.identifier
                table.write { db in try NotificationTable.markSent(owner, identifiers: [identifier], in: db) }
            }
        } else if unsent[owner]?.contains(notification.request.identifier) != true {
            // It disconnected between the fire and the commit: it gets it when it comes back.
            unsent[owner, default: []].insert(notification.request.identifier)
            let identifier = notification.request.identifier
            table.write { db in
                try db.execute(
                    sql:
                        "UPDATE notificationDelivered SET unsent = 1 WHERE bundle = ? AND device = ? AND identifier = ?",
                    arguments: [owner.bundleIdentifier, owner.device, identifier])
            }
        }
        tellFollowers(.notificationDelivered(notification), owner: owner)
        if let bridge {
            let category = appRow(owner).categories.first {
                $0.identifier == notification.request.content.categoryIdentifier
            }
            bridge.forward(notification, actions: category?.actions ?? [])
        }
    }

    /// Sends a response to the notification's device (unless it came from there) and to followers.
    private func relay(_ response: NotificationResponse, from connection: ClientConnection?) {
        let owner = response.notification.owner
        if let device = devices.connection(named: owner.device), device !== connection {
            send(.notificationResponse(response), requestID: nil, to: device)
        }
        tellFollowers(.notificationResponse(response), owner: owner)
    }

    /// An action chosen or a dismissal on the desktop: one response (to the device that got the newest copy)
    /// and the notification leaves every device, as when it is acted on or dismissed in the suite.
    private func desktopDid(_ event: FreedesktopBridge.Event) {
        let key: FreedesktopBridge.Key
        switch event {
        case .action(let chosen, let actionIdentifier):
            key = chosen
            let copies = delivered.filter { $0.key.bundleIdentifier == key.bundleIdentifier }.values.flatMap { $0 }
                .filter { $0.request.identifier == key.identifier }
            guard let newest = copies.max(by: { $0.date < $1.date }) else { return }
            relay(NotificationResponse(notification: newest, actionIdentifier: actionIdentifier), from: nil)
        case .dismissed(let dismissed): key = dismissed
        }
        _ = removeDelivered(
            NotificationFilter(bundleIdentifier: key.bundleIdentifier, identifiers: [key.identifier]),
            reason: .requested)
    }

    // MARK: - Removing

    private func removePending(_ filter: NotificationFilter) -> Int {
        var count = 0
        for owner in scheduler.books.keys where filter.matches(owner) {
            let removed = scheduler.remove(owner: owner, identifiers: filter.identifiers)
            guard !removed.isEmpty else { continue }
            count += removed.count
            table.write { db in try NotificationTable.deletePending(owner, identifiers: removed, in: db) }
            tellFollowers(
                .notificationsRemoved(
                    NotificationsRemoved(owner: owner, identifiers: removed, pending: true, reason: .requested)),
                owner: owner)
        }
        return count
    }

    private func removeDelivered(_ filter: NotificationFilter, reason: RemovalReason) -> Int {
        var count = 0
        for (owner, list) in delivered where filter.matches(owner) {
            let removed = list.filter { filter.matches(owner, identifier: $0.request.identifier) }.map(
                \.request.identifier)
            guard !removed.isEmpty else { continue }
            count += removed.count
            delivered[owner] = list.filter { !removed.contains($0.request.identifier) }
            for identifier in removed { unsent[owner]?.remove(identifier) }
            if let bridge {
                for identifier in removed where !isDelivered(bundle: owner.bundleIdentifier, identifier: identifier) {
                    bridge.close(bundleIdentifier: owner.bundleIdentifier, identifier: identifier)
                }
            }
            table.write { db in try NotificationTable.deleteDelivered(owner, identifiers: removed, in: db) }
            let notice = NotificationMessage.notificationsRemoved(
                NotificationsRemoved(owner: owner, identifiers: removed, pending: false, reason: reason))
            if let device = devices.connection(named: owner.device) { send(notice, requestID: nil, to: device) }
            tellFollowers(notice, owner: owner)
        }
        return count
    }

    // MARK: - Push

    private func push(_ intake: PushIntake, requestID: UInt64?, from connection: ClientConnection) {
        let push = intake.push
        guard knownApps.contains(push.bundleIdentifier) else {
            return connection.fail(
                requestID, code: NotificationFailure.unknownTarget,
                "\(PushReason.badTopic.rawValue): unknown app \(BoundedQuote.quote(push.bundleIdentifier)): no device of this account has it"
            )
        }
        if let device = intake.device, !knownDevices.contains(device) {
            if intake.origin == nil, relay.isAttached {
                return pushToAnotherMachine(intake, requestID: requestID, connection: connection)
            }
            return connection.fail(
                requestID, code: NotificationFailure.unknownTarget,
                "\(PushReason.badDeviceToken.rawValue): unknown device \(BoundedQuote.quote(device))")
        }
        let request = intake.identifier.map { push.request(identifier: $0) } ?? push.request()
        let targets = intake.device.map { [$0] } ?? knownDevices.sorted()
        // A push for every device also goes to the account's other machines (never one that came from one).
        let forward =
            intake.device == nil && intake.origin == nil && relay.isAttached
            ? PushRelayRequest(intake: intake, identifier: request.identifier) : nil
        guard push.needsServiceExtension, let manifest = extensions.extensions[push.bundleIdentifier] else {
            return route(
                push, request: request, to: targets, forward: forward, requestID: requestID, connection: connection)
        }
        // The app's service extension may take up to its deadline: it runs off the loop, then the push goes on.
        let runner = extensionRunner
        let loop = eventLoop
        let bound = NIOLoopBound(self, eventLoop: loop)
        let boundConnection = NIOLoopBound(connection, eventLoop: loop)
        ExtensionRuns.daemon.run(app: push.bundleIdentifier) { admitted in
            let outcome =
                admitted
                ? runner.run(manifest, request: request)
                : ServiceExtensionOutcome(
                    content: request.content, failure: .tooManyRuns(perApp: ExtensionRuns.daemon.perApp))
            loop.execute {
                let service = bound.value
                if let failure = outcome.failure {
                    service.logger.warning(
                        "service extension failed; the original is delivered",
                        metadata: [
                            "extension": "\(BoundedQuote.escaped(manifest.bundleIdentifier))", "reason": "\(failure)",
                        ])
                }
                var modified = request
                modified.content = outcome.content
                service.route(
                    push, request: modified, to: targets, forward: forward, requestID: requestID,
                    connection: boundConnection.value)
            }
        }
    }

    /// Delivers a push's request to each target device that is here, keeps it for the others until its
    /// expiration (or drops it with expiration 0), hands it to the account link when `forward` says so, and
    /// answers where it went.
    private func route(
        _ push: PushNotification, request: NotificationRequest, to targets: [String], forward: PushRelayRequest?,
        requestID: UInt64?, connection: ClientConnection
    ) {
        var outcome = PushOutcome(identifier: request.identifier, delivered: [], waiting: [], dropped: [])
        let now = clock.now()
        for device in targets {
            let owner = NotificationOwner(bundleIdentifier: push.bundleIdentifier, device: device)
            if push.collapseID != nil {
                let removed = scheduler.remove(owner: owner, identifiers: [request.identifier])
                if !removed.isEmpty {
                    table.write { db in try NotificationTable.deletePending(owner, identifiers: removed, in: db) }
                }
            }
            var expiration: Date?
            if case .at(let date) = push.expiration { expiration = date }
            if isPresent(device) {
                fire([
                    NotificationScheduler.Firing(
                        owner: owner, request: request, due: now, lateBy: nil, nextFire: nil, anchor: now)
                ])
                outcome.delivered.append(device)
            } else if push.expiration == .immediately || (expiration.map { $0 <= now } ?? false) {
                outcome.dropped.append(device)
            } else {
                sequence += 1
                let waitingPush = NotificationTable.WaitingPush(
                    sequence: sequence, device: device,
                    notification: DeliveredNotification(owner: owner, request: request, date: now),
                    collapseID: push.collapseID, expiration: expiration)
                waiting.append(waitingPush)
                table.write { db in try NotificationTable.queuePush(waitingPush, in: db) }
                outcome.waiting.append(device)
            }
        }
        logger.info(
            "push",
            metadata: [
                "app": "\(BoundedQuote.escaped(push.bundleIdentifier))", "delivered": "\(outcome.delivered.count)",
                "waiting": "\(outcome.waiting.count)", "dropped": "\(outcome.dropped.count)",
            ])
        guard var forward else { return send(.pushed(outcome), requestID: requestID, to: connection) }
        if push.needsServiceExtension, extensions.extensions[push.bundleIdentifier] != nil {
            // What this machine's service extension made of it goes on (an encrypted push opened here): the
            // other machines' copies of the app hold other keys. Sealed with the account key on its way.
            forward.intake.push.content = request.content
            forward.intake.push.mutableContent = false
        }
        relayPush(forward, outcome: outcome, requestID: requestID, connection: connection)
    }

    /// Delivers, in order, the pushes that waited for `device`; drops the expired ones.
    private func deliverWaitingPushes(to device: String) {
        let now = clock.now()
        let mine = waiting.filter { $0.device == device }
        guard !mine.isEmpty else { return }
        waiting.removeAll { $0.device == device }
        let sequences = mine.map(\.sequence)
        table.write { db in try NotificationTable.deletePushes(sequences, in: db) }
        for push in mine {
            if let expiration = push.expiration, expiration < now {
                logger.info("expired push dropped", metadata: ["device": "\(BoundedQuote.escaped(device))"])
                continue
            }
            let notification = push.notification
            fire([
                NotificationScheduler.Firing(
                    owner: notification.owner, request: notification.request, due: notification.date, lateBy: nil,
                    nextFire: nil,
                    anchor: notification.date)
            ])
        }
    }

    // MARK: - Helpers

    /// Whether any device still has `identifier` of `bundle` among its delivered notifications.
    private func isDelivered(bundle: String, identifier: String) -> Bool {
        delivered.contains { owner, list in
            owner.bundleIdentifier == bundle && list.contains { $0.request.identifier == identifier }
        }
    }

    private func appRow(_ owner: NotificationOwner) -> NotificationTable.AppRow {
        if let row = apps[owner] { return row }
        let settings: NotificationSettings =
            owner.bundleIdentifier == Self.cliBundleIdentifier
            ? .granted([.alert, .sound, .badge]) : NotificationSettings()
        return NotificationTable.AppRow(settings: settings, categories: [], badge: nil)
    }

    private func saveApp(_ owner: NotificationOwner, _ row: NotificationTable.AppRow) {
        apps[owner] = row
        table.write { db in try NotificationTable.saveApp(owner, row, in: db) }
    }

    /// Why `owner` names no known app or device (`requester`, the asking device, is always known).
    private func unknown(_ owner: NotificationOwner, requester: String?) -> String? {
        if !knownApps.contains(owner.bundleIdentifier) {
            return "unknown app \(BoundedQuote.quote(owner.bundleIdentifier)): no device of this account has it"
        }
        if owner.device != requester, !knownDevices.contains(owner.device) {
            return "unknown device \(BoundedQuote.quote(owner.device))"
        }
        return nil
    }

    /// Whether `device` is here to receive: its registered connection, or a follower of that device.
    private func isPresent(_ device: String) -> Bool {
        devices.connection(named: device) != nil || followers.values.contains { $0.filter.device == device }
    }

    static func applying(_ change: SettingsChange, to settings: NotificationSettings) -> NotificationSettings {
        var settings = settings
        if let allow = change.allow {
            settings = allow ? .granted([.alert, .sound, .badge]) : NotificationSettings(authorizationStatus: .denied)
        }
        if let sounds = change.sounds { settings.soundsEnabled = sounds }
        if let badges = change.badges { settings.badgesEnabled = badges }
        if let alerts = change.alerts { settings.alertsEnabled = alerts }
        if let previews = change.previews { settings.showPreviews = previews }
        return settings
    }

    private func tellFollowers(_ message: NotificationMessage, owner: NotificationOwner) {
        for follower in followers.values where follower.filter.matches(owner) {
            send(message, requestID: follower.requestID, to: follower.connection)
        }
    }

    func send(_ message: NotificationMessage, requestID: UInt64?, to connection: ClientConnection) {
        do {
            connection.send(try message.wire(requestID: requestID))
        } catch {
            logger.error("cannot encode \(message.kind)", metadata: ["error": "\(error)"])
        }
    }
}
