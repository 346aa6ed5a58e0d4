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
    case deliveredQuery(NotificationFilter)
    case deliveredList([DeliveredNotification])
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
    /// Daemon → client: done (for requests with nothing else to say).
    case done

    /// The `kind` written in the envelope.
    public var kind: String {
        switch self {
        case .requestAuthorization: "requestAuthorization"
        case .authorization: "authorization"
        case .getSettings: "getSettings"
        case .changeSettings: "changeSettings"
        case .settings: "settings"
        case .setCategories: "setCategories"
        case .categoriesQuery: "categoriesQuery"
        case .categoriesList: "categoriesList"
        case .add: "add"
        case .added: "added"
        case .pendingQuery: "pendingQuery"
        case .pendingList: "pendingList"
        case .deliveredQuery: "deliveredQuery"
        case .deliveredList: "deliveredList"
        case .removePending: "removePending"
        case .removeDelivered: "removeDelivered"
        case .removed: "removed"
        case .setBadgeCount: "setBadgeCount"
        case .notificationDelivered: "notificationDelivered"
        case .notificationResponse: "notificationResponse"
        case .notificationsRemoved: "notificationsRemoved"
        case .follow: "follow"
        case .push: "push"
        case .pushed: "pushed"
        case .locationChanged: "locationChanged"
        case .relayPushes: "relayPushes"
        case .relayPush: "relayPush"
        case .relayedPush: "relayedPush"
        case .done: "done"
        }
    }

    /// This message as a wire message answering or asking `requestID`.
    public func wire(requestID: UInt64? = nil) throws -> WireMessage {
        let body: any Encodable =
            switch self {
            case .requestAuthorization(let body): body
            case .authorization(let body): body
            case .getSettings(let body): body
            case .changeSettings(let body): body
            case .settings(let body): body
            case .setCategories(let body): body
            case .categoriesQuery(let body): body
            case .categoriesList(let body): body
            case .add(let body): body
            case .added(let body): body
            case .pendingQuery(let body): body
            case .pendingList(let body): body
            case .deliveredQuery(let body): body
            case .deliveredList(let body): body
            case .removePending(let body): body
            case .removeDelivered(let body): body
            case .removed(let body): body
            case .setBadgeCount(let body): body
            case .notificationDelivered(let body): body
            case .notificationResponse(let body): body
            case .notificationsRemoved(let body): body
            case .follow(let body): body
            case .push(let body): body
            case .pushed(let body): body
            case .locationChanged(let body): body
            case .relayPush(let body): body
            case .relayedPush(let body): body
            case .done, .relayPushes: [String: Int]()
            }
        let text = String(decoding: try JSONEncoder().encode(body), as: UTF8.self)
        return .notification(NotificationEnvelope(kind: kind, requestID: requestID, body: text))
    }

    /// Reads the typed message an envelope carries; throws for an unknown kind or a body that does not fit it.
    public init(_ envelope: NotificationEnvelope) throws {
        let data = Data(envelope.body.utf8)
        func body<T: Decodable>(_ type: T.Type) throws -> T { try JSONDecoder().decode(type, from: data) }
        switch envelope.kind {
        case "requestAuthorization": self = .requestAuthorization(try body(AuthorizationRequest.self))
        case "authorization": self = .authorization(try body(AuthorizationAnswer.self))
        case "getSettings": self = .getSettings(try body(NotificationOwner.self))
        case "changeSettings": self = .changeSettings(try body(SettingsChange.self))
        case "settings": self = .settings(try body(NotificationSettings.self))
        case "setCategories": self = .setCategories(try body(CategoriesUpdate.self))
        case "categoriesQuery": self = .categoriesQuery(try body(NotificationOwner.self))
        case "categoriesList": self = .categoriesList(try body([NotificationCategory].self))
        case "add": self = .add(try body(AddNotification.self))
        case "added": self = .added(try body(NotificationAdded.self))
        case "pendingQuery": self = .pendingQuery(try body(NotificationFilter.self))
        case "pendingList": self = .pendingList(try body([PendingNotification].self))
        case "deliveredQuery": self = .deliveredQuery(try body(NotificationFilter.self))
        case "deliveredList": self = .deliveredList(try body([DeliveredNotification].self))
        case "removePending": self = .removePending(try body(NotificationFilter.self))
        case "removeDelivered": self = .removeDelivered(try body(NotificationFilter.self))
        case "removed": self = .removed(try body(Int.self))
        case "setBadgeCount": self = .setBadgeCount(try body(BadgeUpdate.self))
        case "notificationDelivered": self = .notificationDelivered(try body(DeliveredNotification.self))
        case "notificationResponse": self = .notificationResponse(try body(NotificationResponse.self))
        case "notificationsRemoved": self = .notificationsRemoved(try body(NotificationsRemoved.self))
        case "follow": self = .follow(try body(NotificationFilter.self))
        case "push": self = .push(try body(PushIntake.self))
        case "pushed": self = .pushed(try body(PushOutcome.self))
        case "locationChanged": self = .locationChanged(try body(LocationUpdate.self))
        case "relayPushes": self = .relayPushes
        case "relayPush": self = .relayPush(try body(PushRelayRequest.self))
        case "relayedPush": self = .relayedPush(try body(RemotePushOutcome.self))
        case "done": self = .done
        default: throw NotificationMessageError.unknownKind(envelope.kind)
        }
    }
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
