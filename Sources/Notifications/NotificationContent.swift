import Foundation
import Wire

/// What a notification shows and carries (`UNNotificationContent`).
public struct NotificationContent: Codable, Hashable, Sendable {
    public var title: String
    public var subtitle: String
    public var body: String
    /// The app's badge after delivery: nil leaves it as it is, 0 clears it.
    public var badge: Int?
    /// nil: silent.
    public var sound: NotificationSound?
    public var categoryIdentifier: String
    public var threadIdentifier: String
    public var targetContentIdentifier: String?
    public var summaryArgument: String
    public var interruptionLevel: InterruptionLevel
    /// 0…1; orders a thread's summary.
    public var relevanceScore: Double
    /// Property-list values only (validated as the key-value store validates its values).
    public var userInfo: [String: PropertyListValue]
    public var attachments: [NotificationAttachment]

    public init(
        title: String = "", subtitle: String = "", body: String = "", badge: Int? = nil,
        sound: NotificationSound? = nil, categoryIdentifier: String = "", threadIdentifier: String = "",
        targetContentIdentifier: String? = nil, summaryArgument: String = "",
        interruptionLevel: InterruptionLevel = .active, relevanceScore: Double = 0,
        userInfo: [String: PropertyListValue] = [:], attachments: [NotificationAttachment] = []
    ) {
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.badge = badge
        self.sound = sound
        self.categoryIdentifier = categoryIdentifier
        self.threadIdentifier = threadIdentifier
        self.targetContentIdentifier = targetContentIdentifier
        self.summaryArgument = summaryArgument
        self.interruptionLevel = interruptionLevel
        self.relevanceScore = relevanceScore
        self.userInfo = userInfo
        self.attachments = attachments
    }

    /// Whether there is anything to show (an alert): a title, subtitle or body.
    public var hasAlert: Bool { !(title.isEmpty && subtitle.isEmpty && body.isEmpty) }
}

/// `UNNotificationSound`.
public enum NotificationSound: Codable, Hashable, Sendable {
    case `default`
    case named(String)
    /// Rings even when sounds are off or Do Not Disturb is on; volume 0…1.
    case critical(name: String?, volume: Double)
}

/// `UNNotificationInterruptionLevel`.
public enum InterruptionLevel: String, Codable, Hashable, Sendable, CaseIterable {
    case passive, active, timeSensitive, critical
}

/// A file shown with a notification, copied into the daemon's store when the request is added (as iOS
/// moves attachment files).
public struct NotificationAttachment: Codable, Hashable, Sendable {
    public var identifier: String
    /// Where the daemon keeps its copy.
    public var url: URL
    public var type: AttachmentType

    public init(identifier: String, url: URL, type: AttachmentType) {
        self.identifier = identifier
        self.url = url
        self.type = type
    }
}

/// An attachment's kind, by file extension, with iOS's size limits.
public enum AttachmentType: String, Codable, Hashable, Sendable {
    case image, audio, video

    /// The largest file of this kind: image 10 MB, audio 5 MB, video 50 MB.
    public var maxBytes: Int {
        switch self {
        case .image: 10_000_000
        case .audio: 5_000_000
        case .video: 50_000_000
        }
    }
}
