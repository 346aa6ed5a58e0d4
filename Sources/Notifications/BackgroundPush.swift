import Foundation
import Wire

/// Daemon → device and followers: a push that shows nothing (`content-available: 1` without an alert, or only
/// a badge or sound). Nothing is shown or listed: the app's background handler gets the payload's custom keys
/// (`application(_:didReceiveRemoteNotification:)`), and its badge, when given, becomes the app's badge.
public struct BackgroundPush: Codable, Hashable, Sendable {
    public var owner: NotificationOwner
    /// The push's identifier (its collapse id, else a fresh one).
    public var identifier: String
    /// `.background` (content-available) or `.silent` (badge or sound only).
    public var kind: PushKind
    /// The app's badge from now on (nil: unchanged).
    public var badge: Int?
    public var sound: NotificationSound?
    /// The payload's keys outside `aps`.
    public var userInfo: [String: PropertyListValue]
    public var date: Date

    public init(
        owner: NotificationOwner, identifier: String, kind: PushKind, badge: Int?, sound: NotificationSound?,
        userInfo: [String: PropertyListValue], date: Date
    ) {
        self.owner = owner
        self.identifier = identifier
        self.kind = kind
        self.badge = badge
        self.sound = sound
        self.userInfo = userInfo
        self.date = date
    }
}
