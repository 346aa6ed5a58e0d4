import Foundation

/// `UNNotificationRequest`: an identifier (a request with the same one replaces it), content and trigger
/// (nil: deliver now).
public struct NotificationRequest: Codable, Hashable, Sendable {
    public var identifier: String
    public var content: NotificationContent
    public var trigger: NotificationTrigger?

    public init(identifier: String, content: NotificationContent, trigger: NotificationTrigger?) {
        self.identifier = identifier
        self.content = content
        self.trigger = trigger
    }
}

/// Who a request belongs to: an app (bundle identifier) on a device.
public struct NotificationOwner: Codable, Hashable, Sendable {
    public var bundleIdentifier: String
    public var device: String

    public init(bundleIdentifier: String, device: String) {
        self.bundleIdentifier = bundleIdentifier
        self.device = device
    }
}

/// A pending request as the daemon keeps it: its owner and when it fires next.
public struct PendingNotification: Codable, Hashable, Sendable {
    public var owner: NotificationOwner
    public var request: NotificationRequest
    /// nil for location and push triggers (they fire on an event, not at a time).
    public var nextFireDate: Date?

    public init(owner: NotificationOwner, request: NotificationRequest, nextFireDate: Date?) {
        self.owner = owner
        self.request = request
        self.nextFireDate = nextFireDate
    }
}

/// `UNNotification`: a delivered request, when, and how late (a request missed while the daemon was down
/// fires once, late by this much).
public struct DeliveredNotification: Codable, Hashable, Sendable {
    public var owner: NotificationOwner
    public var request: NotificationRequest
    public var date: Date
    /// Seconds after its fire date it was delivered, when it was late.
    public var lateBy: Double?
    /// The daemon's delivery sequence (increasing across restarts): a client that has seen a sequence drops a
    /// second copy of it, which a replay after a crash can send.
    public var sequence: Int64?

    public init(
        owner: NotificationOwner, request: NotificationRequest, date: Date, lateBy: Double? = nil,
        sequence: Int64? = nil
    ) {
        self.owner = owner
        self.request = request
        self.date = date
        self.lateBy = lateBy
        self.sequence = sequence
    }
}

/// `UNNotificationResponse`: what the user did with a delivered notification.
public struct NotificationResponse: Codable, Hashable, Sendable {
    /// `UNNotificationDefaultActionIdentifier`: the notification itself was chosen.
    public static let defaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"
    /// `UNNotificationDismissActionIdentifier`: dismissed (sent only for customDismissAction categories).
    public static let dismissActionIdentifier = "com.apple.UNNotificationDismissActionIdentifier"

    public var notification: DeliveredNotification
    public var actionIdentifier: String
    /// The text typed into a text-input action.
    public var userText: String?
    /// The XDG activation token a desktop's notification server gave with the choice (its `ActivationToken`
    /// signal): lets a program on that desktop raise its window. Nil from a terminal, which has none.
    public var activationToken: String?

    public init(
        notification: DeliveredNotification, actionIdentifier: String, userText: String? = nil,
        activationToken: String? = nil
    ) {
        self.notification = notification
        self.actionIdentifier = actionIdentifier
        self.userText = userText
        self.activationToken = activationToken
    }
}
