import Foundation

/// Client → daemon: ask the user (here: the daemon's record of the user's answer) for permission.
public struct AuthorizationRequest: Codable, Hashable, Sendable {
    public var owner: NotificationOwner
    public var options: AuthorizationOptions
    public init(owner: NotificationOwner, options: AuthorizationOptions) {
        self.owner = owner
        self.options = options
    }
}

/// Daemon → client: whether notifications are allowed, and the resulting settings.
public struct AuthorizationAnswer: Codable, Hashable, Sendable {
    public var granted: Bool
    public var settings: NotificationSettings
    public init(granted: Bool, settings: NotificationSettings) {
        self.granted = granted
        self.settings = settings
    }
}

/// Client → daemon: change an app's settings on a device (`baton notifications settings`); nil leaves a field.
public struct SettingsChange: Codable, Hashable, Sendable {
    public var owner: NotificationOwner
    /// true: authorized with alerts, sounds and badges; false: denied.
    public var allow: Bool?
    public var sounds: Bool?
    public var badges: Bool?
    public var alerts: Bool?
    public var previews: Bool?
    /// true: delivered quietly (provisional: the list only, no banner or sound); false: prominently again.
    public var quiet: Bool?
    /// false: kept from the account's other machines (`NotificationSettings.keepFromOtherMachines`).
    public var otherMachines: Bool?
    /// The asking device (the CLI's own), accepted as a known device even before it ever registered.
    public var requester: String?
    public init(
        owner: NotificationOwner, allow: Bool? = nil, sounds: Bool? = nil, badges: Bool? = nil, alerts: Bool? = nil,
        previews: Bool? = nil, quiet: Bool? = nil, otherMachines: Bool? = nil, requester: String? = nil
    ) {
        self.owner = owner
        self.requester = requester
        self.allow = allow
        self.sounds = sounds
        self.badges = badges
        self.alerts = alerts
        self.previews = previews
        self.quiet = quiet
        self.otherMachines = otherMachines
    }
}

/// Client → daemon: an app's categories (replacing the ones it registered before).
public struct CategoriesUpdate: Codable, Hashable, Sendable {
    public var owner: NotificationOwner
    public var categories: [NotificationCategory]
    public init(owner: NotificationOwner, categories: [NotificationCategory]) {
        self.owner = owner
        self.categories = categories
    }
}

/// Client → daemon: schedule `request` for `owner`. `requester` is the asking device (the CLI's own),
/// which the daemon accepts as a known device even before it ever registered.
public struct AddNotification: Codable, Hashable, Sendable {
    public var owner: NotificationOwner
    public var request: NotificationRequest
    public var requester: String
    /// True: for every device of the account (`baton notify` from a plain shell, as `push` does); `owner`'s
    /// device is used when the account has none yet.
    public var everyDevice: Bool?
    /// Buttons for this notification alone (`baton notify --action`): the daemon registers them as a category
    /// of the app's (`actionsCategoryPrefix` + the identifier) on each device and names it in the content.
    public var actions: [NotificationAction]?
    /// True: also for every device of the account's other machines, as a push without a device (the
    /// machine's freedesktop server: what a program posts here reaches the laptop the user looks at).
    public var everyMachine: Bool?
    /// The caller's zone (its `TZ`, else the system's), sent when the request has a calendar trigger that names
    /// none: the daemon reads the trigger in it (`requestInCallerZone`), never in the zone it was started with.
    /// Older clients send none; the daemon's zone stands in for them.
    public var timeZone: String?
    public static let actionsCategoryPrefix = "baton.actions."
    public init(
        owner: NotificationOwner, request: NotificationRequest, requester: String, everyDevice: Bool? = nil,
        actions: [NotificationAction]? = nil, everyMachine: Bool? = nil, timeZone: String? = nil
    ) {
        self.owner = owner
        self.request = request
        self.requester = requester
        self.everyDevice = everyDevice
        self.actions = actions
        self.everyMachine = everyMachine
        self.timeZone = timeZone
    }
}

/// Daemon → client: the request is kept; it fires next at `nextFireDate` (nil: on an event).
public struct NotificationAdded: Codable, Hashable, Sendable {
    public var identifier: String
    public var nextFireDate: Date?
    /// The devices it was added for.
    public var devices: [String]?
    public init(identifier: String, nextFireDate: Date?, devices: [String]? = nil) {
        self.identifier = identifier
        self.nextFireDate = nextFireDate
        self.devices = devices
    }
}

/// Which notifications a query, removal or follower is about: nil matches every app or device.
public struct NotificationFilter: Codable, Hashable, Sendable {
    public var bundleIdentifier: String?
    public var device: String?
    /// nil: all identifiers.
    public var identifiers: [String]?
    public init(bundleIdentifier: String? = nil, device: String? = nil, identifiers: [String]? = nil) {
        self.bundleIdentifier = bundleIdentifier
        self.device = device
        self.identifiers = identifiers
    }

    /// Whether `owner` and `identifier` are among those this filter names.
    public func matches(_ owner: NotificationOwner, identifier: String? = nil) -> Bool {
        if let bundleIdentifier, bundleIdentifier != owner.bundleIdentifier { return false }
        if let device, device != owner.device { return false }
        if let identifiers, let identifier, !identifiers.contains(identifier) { return false }
        return true
    }
}

/// Client → daemon: set the app's badge number (0 clears it).
public struct BadgeUpdate: Codable, Hashable, Sendable {
    public var owner: NotificationOwner
    public var count: Int
    public init(owner: NotificationOwner, count: Int) {
        self.owner = owner
        self.count = count
    }
}

/// Daemon → device and followers: notifications were removed, by a request or because sooner ones pushed
/// them out of the 64 kept (`reason`).
public struct NotificationsRemoved: Codable, Hashable, Sendable {
    public var owner: NotificationOwner
    public var identifiers: [String]
    /// Pending requests (true) or delivered notifications (false).
    public var pending: Bool
    public var reason: RemovalReason
    public init(owner: NotificationOwner, identifiers: [String], pending: Bool, reason: RemovalReason) {
        self.owner = owner
        self.identifiers = identifiers
        self.pending = pending
        self.reason = reason
    }
}

/// Why notifications were removed.
public enum RemovalReason: String, Codable, Hashable, Sendable {
    /// The app or the user asked.
    case requested
    /// 64 sooner requests of the same app on the same device are pending.
    case pushedOut
    /// A newer push with the same collapse id replaced it.
    case collapsed
    /// Beyond what is kept: the 100 delivered notifications per app, or the pushes kept for an absent device
    /// (the oldest leaves).
    case overflow
    /// A push waited for a device the daemon forgot (it had not connected for a long time, or more devices
    /// were remembered than the daemon keeps).
    case expired
    /// A push queued for a device of another machine that no machine of the account has any more (it left, or
    /// the device went) by the time the account's server was back.
    case unreachable
}

/// Client → daemon: a push (`baton push`), already read from its APNs payload (`PushPayload.parse`).
public struct PushIntake: Codable, Hashable, Sendable {
    public var push: PushNotification
    /// nil: every device of the account.
    public var device: String?
    /// The machine of the account it came from through the account's server (nil: pushed on this machine).
    /// A push with an origin goes to this machine's devices only and is never sent on again.
    public var origin: String?
    /// The identifier to deliver it under (the origin's), so each device holds it once under one name.
    public var identifier: String?
    /// A device token (`baton push --token`): the one app on the one device it names, instead of `device`.
    public var token: String?
    /// The account server's row it came in (`baton.pushes.id`, with `origin`): one id per push sent, unlike
    /// `identifier` (a collapse id, a replaced freedesktop notification), so the daemon takes each row once
    /// however often a link posts it (`TakenPushes`).
    public var row: String?
    public init(
        push: PushNotification, device: String?, origin: String? = nil, identifier: String? = nil,
        token: String? = nil, row: String? = nil
    ) {
        self.push = push
        self.device = device
        self.origin = origin
        self.identifier = identifier
        self.token = token
        self.row = row
    }
}

/// Daemon → client: where a push went: delivered now, waiting for a disconnected device, or dropped.
public struct PushOutcome: Codable, Hashable, Sendable {
    public var identifier: String
    public var delivered: [String]
    public var waiting: [String]
    public var dropped: [String]
    /// Devices where it was not shown, and why ("denied": the user turned the app's notifications off there).
    /// Nothing of it is kept there and no one is told. Nil: none.
    public var notShown: [String: String]?
    /// `.accepted`: stored, not gone yet (the app's service extension runs first); a second `pushed` answer
    /// says where it went. Nil: this answer says where it went.
    public var state: PushState?
    /// Where it went beyond this machine (nil: this machine is not linked to an account's server).
    public var elsewhere: RemotePushOutcome?
    public init(
        identifier: String, delivered: [String], waiting: [String], dropped: [String],
        elsewhere: RemotePushOutcome? = nil, notShown: [String: String]? = nil, state: PushState? = nil
    ) {
        self.identifier = identifier
        self.delivered = delivered
        self.waiting = waiting
        self.dropped = dropped
        self.notShown = notShown
        self.state = state
        self.elsewhere = elsewhere
    }
}

/// How far a push has got when it is answered.
public enum PushState: String, Codable, Hashable, Sendable {
    /// Accepted and stored (as APNs answers): a crash from here on still delivers it; where it went follows.
    case accepted
}

/// Client → daemon: the device's location changed (`baton location set`): location triggers are evaluated.
public struct LocationUpdate: Codable, Hashable, Sendable {
    public var device: String
    public var latitude: Double
    public var longitude: Double
    public init(device: String, latitude: Double, longitude: Double) {
        self.device = device
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// The error codes of the notification family (in `WireFailure.code`).
public enum NotificationFailure {
    /// The request, trigger, content or payload is invalid (a past date, a short repeat, an unknown category…).
    public static let invalid = 4620
    /// No such app or device.
    public static let unknownTarget = 4621
    /// 64 sooner requests are pending for the app on the device: this one would not be kept.
    public static let capacity = 4622
}
