import BatonEnvironment
import Foundation
import Notifications
import Wire

/// Device tokens for remote notifications: given on `registerForRemoteNotifications` (the same one until the
/// app unregisters), answered after the commit, and resolved for `baton push --token` with APNs' reasons.
extension NotificationService {

    /// The app's valid token, or a new one; answered with `deviceToken` once it has committed.
    func registerForRemoteNotifications(
        _ owner: NotificationOwner, requestID: UInt64?, from connection: ClientConnection
    ) {
        if let problem = unknown(owner, requester: connection.device?.name) {
            return connection.fail(requestID, code: NotificationFailure.unknownTarget, problem)
        }
        if let valid = validToken(of: owner) {
            // Already committed (or queued ahead of this answer): the answer still waits for the commit.
            return answerAfterCommit(.deviceToken(valid), requestID: requestID, to: connection)
        }
        let token = DeviceToken(token: DeviceToken.random(), owner: owner, registered: clock.now())
        tokens[token.token] = token
        table.write { db in try TokenTable.save(token, in: db) }
        logger.info("device token given", metadata: ["app": "\(BoundedQuote.escaped(owner.bundleIdentifier))"])
        answerAfterCommit(.deviceToken(token), requestID: requestID, to: connection)
    }

    /// Marks the app's valid token unregistered now; answered `done` once that has committed.
    func unregisterForRemoteNotifications(
        _ owner: NotificationOwner, requestID: UInt64?, from connection: ClientConnection
    ) {
        if var token = validToken(of: owner) {
            token.unregistered = clock.now()
            tokens[token.token] = token
            // Past the few kept, the oldest unregistered tokens of the app on the device are forgotten.
            let old = tokens.values.filter { $0.owner == owner && $0.unregistered != nil }
                .sorted { ($0.unregistered ?? .distantPast) > ($1.unregistered ?? .distantPast) }
                .dropFirst(TokenTable.unregisteredKeptPerOwner).map(\.token)
            for gone in old { tokens[gone] = nil }
            let row = token
            table.write { db in
                try TokenTable.save(row, in: db)
                try TokenTable.delete(Array(old), in: db)
            }
        }
        answerAfterCommit(.done, requestID: requestID, to: connection)
    }

    /// The tokens matching `filter`, by app, device, then registration.
    func tokenList(_ filter: NotificationFilter) -> [DeviceToken] {
        tokens.values.filter { filter.matches($0.owner) }.sorted {
            ($0.owner.bundleIdentifier, $0.owner.device, $0.registered.timeIntervalSince1970)
                < ($1.owner.bundleIdentifier, $1.owner.device, $1.registered.timeIntervalSince1970)
        }
    }

    func validToken(of owner: NotificationOwner) -> DeviceToken? {
        tokens.values.first { $0.owner == owner && $0.unregistered == nil }
    }

    /// The device a push by token goes to, or why not, as APNs says it: `BadDeviceToken` (not a token given
    /// here), `DeviceTokenNotForTopic` (another app's), `Unregistered` (with the time it stopped being valid
    /// and APNs' 410 `timestamp` in milliseconds).
    func resolve(token text: String, for bundle: String) -> Result<String, PushError> {
        guard let normalized = DeviceToken.normalized(text), let token = tokens[normalized] else {
            return .failure(
                PushError(.badDeviceToken, "\(BoundedQuote.quote(text)) is not a device token of this account"))
        }
        guard token.owner.bundleIdentifier == bundle else {
            return .failure(
                PushError(
                    .deviceTokenNotForTopic,
                    "the token belongs to \(BoundedQuote.quote(token.owner.bundleIdentifier)), not to the payload's app \(BoundedQuote.quote(bundle))"
                ))
        }
        if let unregistered = token.unregistered {
            return .failure(
                PushError(
                    .unregistered,
                    "the token stopped being valid at \(unregistered.formatted(.iso8601)) (timestamp \(DeviceToken.apnsTimestamp(unregistered)))"
                ))
        }
        return .success(token.owner.device)
    }
}
