import BatonEnvironment
import Foundation
import GRDB
import Logging
import NIOCore
import Notifications
import Wire

/// Pushes (`baton push`): to the devices here, queued for absent ones, handed to the account link for other
/// machines; answered once what it promises has committed.
extension NotificationService {

    func push(_ intake: PushIntake, requestID: UInt64?, from connection: ClientConnection) {
        if isTakenAlready(intake) { return answerTakenAgain(intake, requestID: requestID, to: connection) }
        var intake = intake
        let push = intake.push
        if let token = intake.token {
            // By token: the one device it names, once the token is this app's and still valid.
            switch resolve(token: token, for: push.bundleIdentifier) {
            case .success(let device): intake.device = device
            case .failure(let error):
                return connection.fail(requestID, code: NotificationFailure.unknownTarget, error.description)
            }
        }
        guard knownApps.contains(push.bundleIdentifier) || Self.isFreedesktop(fromAnotherMachine: intake) else {
            return connection.fail(
                requestID, code: NotificationFailure.unknownTarget,
                "\(PushReason.badTopic.rawValue): unknown app \(BoundedQuote.quote(push.bundleIdentifier)): no device of this account has it"
            )
        }
        if let problem = ContentCheck.problem(with: push.content, limits: limits) {
            return connection.fail(
                requestID, code: NotificationFailure.invalid, "\(PushReason.payloadTooLarge.rawValue): \(problem)")
        }
        if let device = intake.device, !knownDevices.contains(device) {
            if intake.origin == nil, relay.forwards {
                return pushToAnotherMachine(intake, requestID: requestID, connection: connection)
            }
            return connection.fail(
                requestID, code: NotificationFailure.unknownTarget,
                "\(PushReason.badDeviceToken.rawValue): unknown device \(BoundedQuote.quote(device))")
        }
        let targets = intake.device.map { [$0] } ?? knownDevices.sorted()
        let request = adopted(
            intake, intake.identifier.map { push.request(identifier: $0) } ?? push.request(), targets: targets)
        // A push for every device also goes to the account's other machines (never one that came from one).
        let forward =
            intake.device == nil && intake.origin == nil && relay.forwards
            ? PushRelayRequest(intake: intake, identifier: request.identifier) : nil
        // A push from another machine is marked taken in the transaction that delivers, queues or holds it.
        let taken = take(intake)
        defer { if taken != nil { untakeUnlessCommitted(intake) } }
        if push.kind != .alert {
            return pushInBackground(
                push, request: request, to: targets, forward: forward, requestID: requestID, connection: connection,
                taking: taken)
        }
        guard push.needsServiceExtension, let manifest = extensions.extensions[push.bundleIdentifier] else {
            return route(
                push, request: request, to: targets, forward: forward, requestID: requestID, connection: connection,
                taking: taken)
        }
        // Accepted and stored first, as APNs answers (the extension may take up to its deadline): the original
        // waits in the push queue for each target, so a crash while the extension runs still delivers it (the
        // original, as a failed extension does). Where it went is answered again once it has gone (`--wait`).
        let held = hold(push, request: request, for: targets, taking: taken)
        answerAfterCommit(
            .pushed(
                PushOutcome(
                    identifier: request.identifier, delivered: [], waiting: [], dropped: [], state: .accepted)),
            requestID: requestID, to: connection)
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
                    connection: boundConnection.value, settling: held)
            }
        }
    }

    /// Delivers a push's request to each target device that is here, keeps it for the others until its
    /// expiration (or drops it with expiration 0), hands it to the account link when `forward` says so, and
    /// answers where it went. The queued rows `settling` (the held original of an accepted push) leave in the
    /// same transaction as the deliveries and new queued rows, and so does `taking` (a push from another machine
    /// marked taken, `TakenPushes`).
    func route(
        _ push: PushNotification, request: NotificationRequest, to targets: [String], forward: PushRelayRequest?,
        requestID: UInt64?, connection: ClientConnection, settling held: [Int64] = [], taking taken: TakenChange? = nil
    ) {
        var outcome = PushOutcome(identifier: request.identifier, delivered: [], waiting: [], dropped: [])
        let now = clock.now()
        var firings: [NotificationScheduler.Firing] = []
        // The rows queued for absent devices (with what their caps drop), written with the fires.
        var queued: [@Sendable (Database) throws -> Void] = []
        for device in targets {
            let owner = NotificationOwner(bundleIdentifier: push.bundleIdentifier, device: device)
            if appRow(owner).settings.authorizationStatus == .denied {
                // As on Apple: a denied app's alert is not shown, kept or announced; the push says so.
                outcome.notShown = (outcome.notShown ?? [:]).merging([device: "denied"]) { $1 }
                continue
            }
            rememberProgram(owner, request.content)
            if push.collapseID != nil {
                let removed = scheduler.remove(owner: owner, identifiers: [request.identifier])
                if !removed.isEmpty {
                    table.write { db in try NotificationTable.deletePending(owner, identifiers: removed, in: db) }
                }
            }
            var expiration: Date?
            if case .at(let date) = push.expiration { expiration = date }
            if isPresent(device) {
                firings.append(
                    NotificationScheduler.Firing(
                        owner: owner, request: request, due: now, lateBy: nil, nextFire: nil, anchor: now))
                outcome.delivered.append(device)
            } else if push.expiration == .immediately || (expiration.map { $0 <= now } ?? false) {
                outcome.dropped.append(device)
            } else {
                sequence += 1
                let waitingPush = NotificationTable.WaitingPush(
                    sequence: sequence, device: device,
                    notification: DeliveredNotification(owner: owner, request: request, date: now),
                    collapseID: push.collapseID, expiration: expiration)
                queued.append(queue(waitingPush))
                outcome.waiting.append(device)
            }
        }
        let rows = queued
        let along: @Sendable (Database) throws -> Void = { db in
            for change in rows { try change(db) }
            try NotificationTable.deletePushes(held, in: db)
            try taken?(db)
        }
        if firings.isEmpty {
            if !rows.isEmpty || !held.isEmpty || taken != nil { table.write(along) }
        } else {
            fire(firings, alongWith: along)
        }
        logger.info(
            "push",
            metadata: [
                "app": "\(BoundedQuote.escaped(push.bundleIdentifier))", "delivered": "\(outcome.delivered.count)",
                "waiting": "\(outcome.waiting.count)", "dropped": "\(outcome.dropped.count)",
            ])
        guard var forward else { return answerAfterCommit(.pushed(outcome), requestID: requestID, to: connection) }
        if push.needsServiceExtension, extensions.extensions[push.bundleIdentifier] != nil {
            // What this machine's service extension made of it goes on (an encrypted push opened here): the
            // other machines' copies of the app hold other keys. Sealed with the account key on its way.
            forward.intake.push.content = request.content
            forward.intake.push.mutableContent = false
        }
        relayPush(forward, outcome: outcome, requestID: requestID, connection: connection)
    }

    /// Queues the original of an accepted push for each target (on disk only: a device that connects meanwhile
    /// does not get it; after a crash it is delivered as queued), in one transaction with `taking`. Returns the
    /// rows' sequences.
    func hold(
        _ push: PushNotification, request: NotificationRequest, for targets: [String], taking taken: TakenChange?
    ) -> [Int64] {
        let now = clock.now()
        var expiration: Date?
        switch push.expiration {
        case .at(let date): expiration = date
        case .immediately: expiration = now
        default: break
        }
        var rows: [NotificationTable.WaitingPush] = []
        for device in targets {
            sequence += 1
            let owner = NotificationOwner(bundleIdentifier: push.bundleIdentifier, device: device)
            rows.append(
                NotificationTable.WaitingPush(
                    sequence: sequence, device: device,
                    notification: DeliveredNotification(owner: owner, request: request, date: now),
                    collapseID: push.collapseID, expiration: expiration))
        }
        let held = rows
        table.write { db in
            for row in held { try NotificationTable.queuePush(row, in: db) }
            try taken?(db)
        }
        return rows.map(\.sequence)
    }

    /// Delivers, in order, the pushes that waited for `device`; drops the expired ones.
    func deliverWaitingPushes(to device: String) {
        let now = clock.now()
        guard let mine = waiting.removeValue(forKey: device), !mine.isEmpty else { return }
        let sequences = mine.map(\.sequence)
        var firings: [NotificationScheduler.Firing] = []
        for push in mine {
            if let expiration = push.expiration, expiration < now {
                logger.info("expired push dropped", metadata: ["device": "\(BoundedQuote.escaped(device))"])
                continue
            }
            let notification = push.notification
            firings.append(
                NotificationScheduler.Firing(
                    owner: notification.owner, request: notification.request, due: notification.date, lateBy: nil,
                    nextFire: nil, anchor: notification.date))
        }
        // The queued rows leave in the fires' own transaction: a crash cannot lose a push between the two.
        let removal: @Sendable (Database) throws -> Void = { db in try NotificationTable.deletePushes(sequences, in: db)
        }
        if firings.isEmpty { table.write(removal) } else { fire(firings, alongWith: removal) }
    }
}
