import BatonEnvironment
import Foundation
import Logging
import NIOCore
import Notifications
import Wire

/// Adding requests: checked, kept among the 64 soonest, answered once their row has committed.
extension NotificationService {

    func add(_ add: AddNotification, requestID: UInt64?, from connection: ClientConnection) {
        let owner = add.owner
        installIfStandingIn(owner, from: connection)
        if let problem = unknown(owner, requester: connection.device?.name ?? add.requester) {
            return connection.fail(requestID, code: NotificationFailure.unknownTarget, problem)
        }
        let app = appRow(owner)
        if app.settings.authorizationStatus == .denied {
            return connection.fail(
                requestID, code: NotificationFailure.invalid,
                "notifications are not allowed for \(BoundedQuote.quote(owner.bundleIdentifier)) on "
                    + "\(BoundedQuote.quote(owner.device)) (baton notifications settings --app "
                    + "\(BoundedQuote.quote(owner.bundleIdentifier)) --device \(BoundedQuote.quote(owner.device)) --allow)"
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
            return answerAfterCommit(
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
        answerAfterCommit(
            .added(NotificationAdded(identifier: add.request.identifier, nextFireDate: result.nextFire)),
            requestID: requestID, to: connection)
    }
}
