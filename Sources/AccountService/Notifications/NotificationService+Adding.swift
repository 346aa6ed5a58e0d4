import BatonEnvironment
import Foundation
import Logging
import NIOCore
import Notifications
import Wire

/// Adding requests: checked, kept among the 64 soonest, answered once their row has committed.
extension NotificationService {
    /// Why a request was not added for one device: the failure code and text.
    struct AddRefusal: Error {
        var code: Int
        var text: String
    }

    /// Adds the request for its owner, or for every device of the account (`everyDevice`: those where it
    /// cannot be kept are passed over; refused only when it is kept nowhere), and answers with where it went.
    func add(_ add: AddNotification, requestID: UInt64?, from connection: ClientConnection) {
        installIfStandingIn(add.owner, from: connection)
        let requester = connection.device?.name ?? add.requester
        let every = add.everyDevice == true && !knownDevices.isEmpty
        let targets = every ? knownDevices.sorted() : [add.owner.device]
        var added: [String] = []
        var first: (date: Date?, refusal: AddRefusal?) = (nil, nil)
        // A calendar trigger without a zone is read in the caller's, never in the one the daemon started with.
        let request = add.requestInCallerZone
        for device in targets {
            let owner = NotificationOwner(bundleIdentifier: add.owner.bundleIdentifier, device: device)
            switch schedule(request, for: owner, requester: requester, actions: add.actions ?? []) {
            case .success(let date):
                if added.isEmpty { first.date = date }
                added.append(device)
            case .failure(let refusal):
                if first.refusal == nil { first.refusal = refusal }
            }
        }
        if added.isEmpty, let refusal = first.refusal {
            return connection.fail(requestID, code: refusal.code, refusal.text)
        }
        relayAcrossMachines(add)
        answerAfterCommit(
            .added(NotificationAdded(identifier: add.request.identifier, nextFireDate: first.date, devices: added)),
            requestID: requestID, to: connection)
    }

    /// Checks and keeps `request` for `owner` (with `actions` as its own category): its next fire date, or why not.
    func schedule(
        _ request: NotificationRequest, for owner: NotificationOwner, requester: String?,
        actions: [NotificationAction] = []
    ) -> Result<
        Date?, AddRefusal
    > {
        if let problem = unknown(owner, requester: requester) {
            return .failure(AddRefusal(code: NotificationFailure.unknownTarget, text: problem))
        }
        if let problem = overNameCap(owner) {
            return .failure(AddRefusal(code: NotificationFailure.capacity, text: problem))
        }
        var app = appRow(owner)
        if app.settings.authorizationStatus == .denied {
            return .failure(
                AddRefusal(
                    code: NotificationFailure.invalid,
                    text: "notifications are not allowed for \(BoundedQuote.quote(owner.bundleIdentifier)) on "
                        + "\(BoundedQuote.quote(owner.device)) (baton notifications settings --app "
                        + "\(BoundedQuote.quote(owner.bundleIdentifier)) --device \(BoundedQuote.quote(owner.device)) --allow)"
                ))
        }
        // Bounds first: nothing is stored (not even the request's own actions) for content over its limit.
        if let problem = ContentCheck.problem(with: request.content, limits: limits) {
            return .failure(AddRefusal(code: NotificationFailure.invalid, text: problem))
        }
        var request = request
        if !actions.isEmpty {
            app = registerActions(actions, for: request.identifier, owner: owner)
            request.content.categoryIdentifier = AddNotification.actionsCategoryPrefix + request.identifier
        }
        if let problem = RequestCheck.problem(
            with: request, categories: app.categories, now: clock.now(), deviceTimeZone: scheduler.deviceTimeZone)
        {
            return .failure(AddRefusal(code: NotificationFailure.invalid, text: problem))
        }
        // A device that holds requests is a device of the account (a push may name it while it is away).
        knownDevices.insert(owner.device)
        knownApps.insert(owner.bundleIdentifier)
        rememberProgram(owner, request.content)
        if request.trigger == nil {
            // No trigger: delivered at once, never pending (so never counted among the 64).
            let now = clock.now()
            scheduler.remove(owner: owner, identifiers: [request.identifier])
            fire([
                NotificationScheduler.Firing(
                    owner: owner, request: request, due: now, lateBy: nil, nextFire: nil, anchor: now)
            ])
            return .success(now)
        }
        guard admitsPending(ContentCheck.weight(of: request, owner: owner)) else {
            return .failure(
                AddRefusal(
                    code: NotificationFailure.capacity,
                    text: "the daemon keeps at most \(limits.maxPendingContentBytes) bytes of pending content "
                        + "(titles, bodies, userInfo, attachments, names, \(ContentCheck.rowOverhead) a request) for all apps and "
                        + "devices together: this one would not be kept (remove some first)"))
        }
        let result: (nextFire: Date?, pushedOut: String?)
        do {
            result = try scheduler.add(owner: owner, request: request)
        } catch {
            switch error {
            case .noFutureDate:
                return .failure(
                    AddRefusal(
                        code: NotificationFailure.invalid,
                        text: "the trigger matches no future date: it would never fire"))
            case .capacity(let kept):
                return .failure(
                    AddRefusal(
                        code: NotificationFailure.capacity,
                        text:
                            "\(kept) requests of \(BoundedQuote.quote(owner.bundleIdentifier)) on \(BoundedQuote.quote(owner.device)) fire sooner: this one would not be kept (remove some first)"
                    ))
            }
        }
        let row = NotificationTable.PendingRow(
            owner: owner, request: request,
            anchor: scheduler.scheduled(owner: owner, identifier: request.identifier)?.anchor ?? clock.now(),
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
        return .success(result.nextFire)
    }

    /// Why an add for `owner` would make the daemon remember one app past its cap (`maxApps`), or nil: names
    /// already known always pass. Device names are not capped here: registration forgets the least recently
    /// seen past `maxDevices`, and every pending request weighs its device name and row in the budgets, so
    /// names nobody registered cannot grow the daemon (a cap here refused the durability tests' 80 devices).
    func overNameCap(_ owner: NotificationOwner) -> String? {
        if !knownApps.contains(owner.bundleIdentifier), knownApps.count >= limits.maxApps {
            return "the daemon remembers at most \(limits.maxApps) apps: \(BoundedQuote.quote(owner.bundleIdentifier)) "
                + "is not one of them (remove another app's requests first)"
        }
        return nil
    }

    /// The most categories of `baton notify --action` kept per app per device (the oldest go first).
    static let maxActionCategories = 32

    /// Registers `actions` as the category of notification `identifier` of `owner`'s app; returns the app's row.
    func registerActions(_ actions: [NotificationAction], for identifier: String, owner: NotificationOwner)
        -> NotificationTable.AppRow
    {
        var app = appRow(owner)
        let name = AddNotification.actionsCategoryPrefix + identifier
        app.categories.removeAll { $0.identifier == name }
        let own = app.categories.filter { $0.identifier.hasPrefix(AddNotification.actionsCategoryPrefix) }
        if own.count >= Self.maxActionCategories, let oldest = own.first {
            app.categories.removeAll { $0.identifier == oldest.identifier }
        }
        app.categories.append(NotificationCategory(identifier: name, actions: actions))
        saveApp(owner, app)
        return app
    }
}
