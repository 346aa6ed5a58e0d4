import BatonEnvironment
import Foundation
import Wire

/// The messages of the notification family, typed. On the wire each travels as a `NotificationEnvelope`
/// (`WireMessage.notification`) whose `kind` names the case.
public enum NotificationMessage: Hashable, Sendable {
    case requestAuthorization(AuthorizationRequest)
    case authorization(AuthorizationAnswer)
    case getSettings(NotificationOwner)
    case changeSettings(SettingsChange)
    case settings(NotificationSettings)
    case setCategories(CategoriesUpdate)
    /// Client → daemon: the categories an app registered (the suite's banners show their actions).
    case categoriesQuery(NotificationOwner)
    case categoriesList([NotificationCategory])
    case add(AddNotification)
    case added(NotificationAdded)
    case pendingQuery(NotificationFilter)
    case pendingList([PendingNotification])
    /// Daemon → client: the first items of a long `pendingList` answer; more follow (`NotificationListPieces`).
    case pendingPiece([PendingNotification])
    case deliveredQuery(NotificationFilter)
    case deliveredList([DeliveredNotification])
    /// Daemon → client: the first items of a long `deliveredList` answer; more follow.
    case deliveredPiece([DeliveredNotification])
    case removePending(NotificationFilter)
    case removeDelivered(NotificationFilter)
    /// How many were removed.
    case removed(Int)
    case setBadgeCount(BadgeUpdate)
    /// Daemon → device and followers: a notification was delivered.
    case notificationDelivered(DeliveredNotification)
    /// Device → daemon (→ followers): what the user did with a notification.
    case notificationResponse(NotificationResponse)
    case notificationsRemoved(NotificationsRemoved)
    /// Daemon → device and followers: a push that shows nothing reached the app (its badge, its custom keys).
    case backgroundPush(BackgroundPush)
    /// Client → daemon: send every later delivery, response and removal matching the filter.
    case follow(NotificationFilter)
    case push(PushIntake)
    case pushed(PushOutcome)
    case locationChanged(LocationUpdate)
    /// The account link → daemon: send me the pushes that must reach other machines (`relayPush`).
    case relayPushes
    /// Daemon → the account link: a push for other machines; answered with `relayedPush`.
    case relayPush(PushRelayRequest)
    /// The account link → daemon: where a `relayPush` went.
    case relayedPush(RemotePushOutcome)
    /// App → daemon: give the app its device token (`registerForRemoteNotifications()`); answered with
    /// `deviceToken` once the token has committed.
    case registerForRemoteNotifications(NotificationOwner)
    /// Daemon → app: its device token (the same one until it unregisters).
    case deviceToken(DeviceToken)
    /// App → daemon: the app's token stops being valid (`unregisterForRemoteNotifications()`); answered `done`.
    case unregisterForRemoteNotifications(NotificationOwner)
    /// Client → daemon: the device tokens matching the filter (`baton notifications tokens`).
    case tokensQuery(NotificationFilter)
    case tokensList([DeviceToken])
    /// Client → daemon: every app with settings matching the filter, freedesktop programs with their names
    /// (`baton notifications settings`, F4's Settings); answered with `appsList`.
    case appsQuery(NotificationFilter)
    case appsList([AppSettingsEntry])
    /// The account link → daemon: the user's answer on another machine to a notification posted here.
    case remoteAnswer(RemoteAnswer)
    /// Daemon → client: done (for requests with nothing else to say).
    case done

    /// The `kind` written in the envelope.
    public var kind: String { NotificationKind.of(self).name }

    /// This message as a wire message answering or asking `requestID`.
    public func wire(requestID: UInt64? = nil) throws -> WireMessage {
        let kind = NotificationKind.of(self)
        let text = String(decoding: try kind.encode(self), as: UTF8.self)
        return .notification(NotificationEnvelope(kind: kind.name, requestID: requestID, body: text))
    }

    /// Reads the typed message an envelope carries; throws for an unknown kind or a body that does not fit it.
    public init(_ envelope: NotificationEnvelope) throws {
        guard let kind = NotificationKind.named(envelope.kind) else {
            throw NotificationMessageError.unknownKind(envelope.kind)
        }
        self = try kind.decode(Data(envelope.body.utf8))
    }
}

extension NotificationKind {
    /// Every notification sub-kind, declared once: its name in the envelope and its body, in and out.
    public static let all: [NotificationKind] = [
        NotificationKind("requestAuthorization", NotificationMessage.requestAuthorization) {
            if case .requestAuthorization(let body) = $0 { body } else { nil }
        },
        NotificationKind("authorization", NotificationMessage.authorization) {
            if case .authorization(let body) = $0 { body } else { nil }
        },
        NotificationKind("getSettings", NotificationMessage.getSettings) {
            if case .getSettings(let body) = $0 { body } else { nil }
        },
        NotificationKind("changeSettings", NotificationMessage.changeSettings) {
            if case .changeSettings(let body) = $0 { body } else { nil }
        },
        NotificationKind("settings", NotificationMessage.settings) {
            if case .settings(let body) = $0 { body } else { nil }
        },
        NotificationKind("setCategories", NotificationMessage.setCategories) {
            if case .setCategories(let body) = $0 { body } else { nil }
        },
        NotificationKind("categoriesQuery", NotificationMessage.categoriesQuery) {
            if case .categoriesQuery(let body) = $0 { body } else { nil }
        },
        NotificationKind("categoriesList", NotificationMessage.categoriesList) {
            if case .categoriesList(let body) = $0 { body } else { nil }
        },
        NotificationKind("add", NotificationMessage.add) {
            if case .add(let body) = $0 { body } else { nil }
        },
        NotificationKind("added", NotificationMessage.added) {
            if case .added(let body) = $0 { body } else { nil }
        },
        NotificationKind("pendingQuery", NotificationMessage.pendingQuery) {
            if case .pendingQuery(let body) = $0 { body } else { nil }
        },
        NotificationKind("pendingList", NotificationMessage.pendingList) {
            if case .pendingList(let body) = $0 { body } else { nil }
        },
        NotificationKind("pendingPiece", NotificationMessage.pendingPiece) {
            if case .pendingPiece(let body) = $0 { body } else { nil }
        },
        NotificationKind("deliveredQuery", NotificationMessage.deliveredQuery) {
            if case .deliveredQuery(let body) = $0 { body } else { nil }
        },
        NotificationKind("deliveredList", NotificationMessage.deliveredList) {
            if case .deliveredList(let body) = $0 { body } else { nil }
        },
        NotificationKind("deliveredPiece", NotificationMessage.deliveredPiece) {
            if case .deliveredPiece(let body) = $0 { body } else { nil }
        },
        NotificationKind("removePending", NotificationMessage.removePending) {
            if case .removePending(let body) = $0 { body } else { nil }
        },
        NotificationKind("removeDelivered", NotificationMessage.removeDelivered) {
            if case .removeDelivered(let body) = $0 { body } else { nil }
        },
        NotificationKind("removed", NotificationMessage.removed) {
            if case .removed(let body) = $0 { body } else { nil }
        },
        NotificationKind("setBadgeCount", NotificationMessage.setBadgeCount) {
            if case .setBadgeCount(let body) = $0 { body } else { nil }
        },
        NotificationKind("notificationDelivered", NotificationMessage.notificationDelivered) {
            if case .notificationDelivered(let body) = $0 { body } else { nil }
        },
        NotificationKind("notificationResponse", NotificationMessage.notificationResponse) {
            if case .notificationResponse(let body) = $0 { body } else { nil }
        },
        NotificationKind("notificationsRemoved", NotificationMessage.notificationsRemoved) {
            if case .notificationsRemoved(let body) = $0 { body } else { nil }
        },
        NotificationKind("backgroundPush", NotificationMessage.backgroundPush) {
            if case .backgroundPush(let body) = $0 { body } else { nil }
        },
        NotificationKind("follow", NotificationMessage.follow) {
            if case .follow(let body) = $0 { body } else { nil }
        },
        NotificationKind("push", NotificationMessage.push) {
            if case .push(let body) = $0 { body } else { nil }
        },
        NotificationKind("pushed", NotificationMessage.pushed) {
            if case .pushed(let body) = $0 { body } else { nil }
        },
        NotificationKind("locationChanged", NotificationMessage.locationChanged) {
            if case .locationChanged(let body) = $0 { body } else { nil }
        },
        NotificationKind("relayPushes", { (_: NoBody) in NotificationMessage.relayPushes }) {
            if case .relayPushes = $0 { NoBody() } else { nil }
        },
        NotificationKind("relayPush", NotificationMessage.relayPush) {
            if case .relayPush(let body) = $0 { body } else { nil }
        },
        NotificationKind("relayedPush", NotificationMessage.relayedPush) {
            if case .relayedPush(let body) = $0 { body } else { nil }
        },
        NotificationKind("registerForRemoteNotifications", NotificationMessage.registerForRemoteNotifications) {
            if case .registerForRemoteNotifications(let body) = $0 { body } else { nil }
        },
        NotificationKind("deviceToken", NotificationMessage.deviceToken) {
            if case .deviceToken(let body) = $0 { body } else { nil }
        },
        NotificationKind("unregisterForRemoteNotifications", NotificationMessage.unregisterForRemoteNotifications) {
            if case .unregisterForRemoteNotifications(let body) = $0 { body } else { nil }
        },
        NotificationKind("tokensQuery", NotificationMessage.tokensQuery) {
            if case .tokensQuery(let body) = $0 { body } else { nil }
        },
        NotificationKind("tokensList", NotificationMessage.tokensList) {
            if case .tokensList(let body) = $0 { body } else { nil }
        },
        NotificationKind("appsQuery", NotificationMessage.appsQuery) {
            if case .appsQuery(let body) = $0 { body } else { nil }
        },
        NotificationKind("appsList", NotificationMessage.appsList) {
            if case .appsList(let body) = $0 { body } else { nil }
        },
        NotificationKind("remoteAnswer", NotificationMessage.remoteAnswer) {
            if case .remoteAnswer(let body) = $0 { body } else { nil }
        },
        NotificationKind("done", { (_: NoBody) in NotificationMessage.done }) {
            if case .done = $0 { NoBody() } else { nil }
        },
    ]
}

/// An envelope whose kind this build does not know.
public enum NotificationMessageError: Error, CustomStringConvertible {
    case unknownKind(String)
    public var description: String {
        switch self {
        case .unknownKind(let kind): "unknown notification message kind \(BoundedQuote.quote(kind))"
        }
    }
}
