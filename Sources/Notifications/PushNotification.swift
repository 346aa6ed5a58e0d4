import Foundation

/// The APNs request headers `baton push` takes as options (`--app`, `--collapse-id`, `--priority`,
/// `--expiration`), as text, exactly as given on the command line.
public struct PushOptions: Hashable, Sendable {
    /// `--app`: overrides the payload's "Simulator Target Bundle" (`apns-topic`).
    public var app: String?
    /// `apns-collapse-id`: ≤ 64 bytes.
    public var collapseID: String?
    /// `apns-priority`: "10", "5" or "1".
    public var priority: String?
    /// `apns-expiration`: "0", a UNIX time in seconds, or an ISO 8601 date.
    public var expiration: String?
    /// The app's localized strings, for `*-loc-key`; nil substitutes the arguments into the key itself.
    public var strings: LocalizedStrings?
    /// The time an expiration date is compared with (the daemon's clock); nil: the system clock.
    public var now: Date?
    /// The largest payload, in bytes: `PushPayload.maxBytes`, or APNs' 5120 for a VoIP push
    /// (`PushPayload.maxVoIPBytes`).
    public var maxBytes: Int = PushPayload.maxBytes

    public init(
        app: String? = nil, collapseID: String? = nil, priority: String? = nil, expiration: String? = nil,
        strings: LocalizedStrings? = nil, now: Date? = nil
    ) {
        self.app = app
        self.collapseID = collapseID
        self.priority = priority
        self.expiration = expiration
        self.strings = strings
        self.now = now
    }
}

/// What a push delivers.
public enum PushKind: String, Codable, Hashable, Sendable {
    /// Has alert text: shown (after the service extension when `mutable-content` is 1).
    case alert
    /// `content-available: 1` and no alert: no UI, no authorization needed; the app's background
    /// handler gets it if the app runs.
    case background
    /// Only a badge and/or sound: no alert text.
    case silent
}

/// A parsed `baton push` payload: the app it is for, the notification content, and the APNs headers.
public struct PushNotification: Codable, Hashable, Sendable {
    /// The app: `--app`, else the payload's "Simulator Target Bundle".
    public var bundleIdentifier: String
    public var content: NotificationContent
    public var kind: PushKind
    /// `aps.content-available` was 1.
    public var contentAvailable: Bool
    /// `aps.mutable-content` was 1.
    public var mutableContent: Bool
    /// `aps.filter-criteria` (Focus filters).
    public var filterCriteria: String?
    /// `apns-collapse-id`: replaces a pending or delivered notification with the same id.
    public var collapseID: String?
    /// `apns-priority`: 10 (default for alerts), 5 (default for background), 1.
    public var priority: Int
    public var expiration: PushExpiration

    public init(
        bundleIdentifier: String, content: NotificationContent, kind: PushKind, contentAvailable: Bool = false,
        mutableContent: Bool = false, filterCriteria: String? = nil, collapseID: String? = nil, priority: Int = 10,
        expiration: PushExpiration = .never
    ) {
        self.bundleIdentifier = bundleIdentifier
        self.content = content
        self.kind = kind
        self.contentAvailable = contentAvailable
        self.mutableContent = mutableContent
        self.filterCriteria = filterCriteria
        self.collapseID = collapseID
        self.priority = priority
        self.expiration = expiration
    }

    /// Whether the app's notification service extension runs before delivery: `mutable-content: 1` and
    /// alert text (never for background, sound-only or badge-only pushes).
    public var needsServiceExtension: Bool { mutableContent && kind == .alert && content.hasAlert }

    /// The request the daemon delivers: the collapse id (if any) is its identifier, so a later push with
    /// the same one replaces it; else `identifier` (a fresh UUID by default).
    public func request(identifier: String = UUID().uuidString) -> NotificationRequest {
        NotificationRequest(identifier: collapseID ?? identifier, content: content, trigger: .push)
    }
}
