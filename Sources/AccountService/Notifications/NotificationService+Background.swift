import BatonEnvironment
import Foundation
import Notifications
import Wire

/// Pushes that show nothing (`content-available: 1` without an alert, or only a badge or sound), as on Apple:
/// no notification is delivered, listed or announced; the app gets the payload (`backgroundPush`) and its
/// badge, when given, becomes the app's badge.
extension NotificationService {
    /// Stores the badge each target's app gets, then (after the commit) hands the push to the targets that are
    /// here and answers where it went. A device that is not here gets no background wake later (Apple may
    /// drop them too): it is reported as dropped, and its badge is kept.
    func pushInBackground(
        _ push: PushNotification, request: NotificationRequest, to targets: [String], forward: PushRelayRequest?,
        requestID: UInt64?, connection: ClientConnection, taking taken: TakenChange? = nil
    ) {
        var outcome = PushOutcome(identifier: request.identifier, delivered: [], waiting: [], dropped: [])
        var handed: [BackgroundPush] = []
        var badges: [(NotificationOwner, NotificationTable.AppRow)] = []
        let now = clock.now()
        for device in targets {
            let owner = NotificationOwner(bundleIdentifier: push.bundleIdentifier, device: device)
            if let badge = push.content.badge {
                var app = appRow(owner)
                app.badge = max(0, badge)
                setApp(owner, app)
                badges.append((owner, app))
            }
            guard isPresent(device) else {
                outcome.dropped.append(device)
                continue
            }
            handed.append(
                BackgroundPush(
                    owner: owner, identifier: request.identifier, kind: push.kind, badge: push.content.badge,
                    sound: push.content.sound, userInfo: push.content.userInfo, date: now))
            outcome.delivered.append(device)
        }
        logger.info(
            "background push",
            metadata: [
                "app": "\(BoundedQuote.escaped(push.bundleIdentifier))", "kind": "\(push.kind.rawValue)",
                "delivered": "\(outcome.delivered.count)", "dropped": "\(outcome.dropped.count)",
            ])
        // The badges are kept first, in one transaction with `taking` (a push from another machine marked taken):
        // what the app is told matches what a restart would find.
        let saved = badges
        if !saved.isEmpty || taken != nil {
            table.write { db in
                for (owner, app) in saved { try NotificationTable.saveApp(owner, app, in: db) }
                try taken?(db)
            }
        }
        afterCommit { service, committed in
            guard committed else { return }
            for background in handed { service.announce(background) }
        }
        guard let forward else { return answerAfterCommit(.pushed(outcome), requestID: requestID, to: connection) }
        relayPush(forward, outcome: outcome, requestID: requestID, connection: connection)
    }

    /// Sends a background push to its device (when connected) and to followers.
    func announce(_ background: BackgroundPush) {
        if let device = devices.connection(named: background.owner.device) {
            send(.backgroundPush(background), requestID: nil, to: device)
        }
        tellFollowers(.backgroundPush(background), owner: background.owner)
    }
}
