import Foundation

/// The notification service extension protocol: one JSON object per line. The host writes a
/// `ServiceExtensionHostMessage` with the request on the extension's stdin, and later, at the deadline, one
/// with `timeWillExpire`; the extension writes one `ServiceExtensionReply` on its stdout, then waits for its
/// stdin to close and exits.
public enum ServiceExtensionProtocol {
    /// The extension point a service extension's `Info.plist` declares.
    public static let extensionPoint = "com.apple.usernotifications.service"
    /// The extension point of a content extension (UserNotificationsUI), which shares the app's `PlugIns/`:
    /// the service extensions' catalog passes over it.
    public static let contentExtensionPoint = "com.apple.usernotifications.content-extension"
}

/// What the host sends: first the request, later (maybe) that time will expire.
public struct ServiceExtensionHostMessage: Codable, Hashable, Sendable {
    public var request: ServiceExtensionRequest?
    /// The deadline has come: reply now with the best attempt (`serviceExtensionTimeWillExpire`).
    public var timeWillExpire: Bool?

    public init(request: ServiceExtensionRequest? = nil, timeWillExpire: Bool? = nil) {
        self.request = request
        self.timeWillExpire = timeWillExpire
    }
}

/// The push an extension is asked to modify, and where its app group is.
public struct ServiceExtensionRequest: Codable, Hashable, Sendable {
    /// The app the push is for.
    public var bundleIdentifier: String
    public var request: NotificationRequest
    /// The app group container shared by the app and its extensions.
    public var appGroupPath: String

    public init(bundleIdentifier: String, request: NotificationRequest, appGroupPath: String) {
        self.bundleIdentifier = bundleIdentifier
        self.request = request
        self.appGroupPath = appGroupPath
    }
}

/// What the extension answers: the content to deliver.
public struct ServiceExtensionReply: Codable, Hashable, Sendable {
    public var content: NotificationContent
    /// True when this is the best attempt sent after `timeWillExpire`.
    public var expired: Bool

    public init(content: NotificationContent, expired: Bool = false) {
        self.content = content
        self.expired = expired
    }
}

/// One JSON line of a protocol message.
public enum ServiceExtensionLine {
    /// The message as compact JSON with a trailing newline.
    public static func encode<Message: Encodable>(_ message: Message) throws -> [UInt8] {
        var bytes = Array(try JSONEncoder().encode(message))
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// A message from one line (without its newline).
    public static func decode<Message: Decodable>(_ type: Message.Type, from line: some Collection<UInt8>) throws
        -> Message
    {
        try JSONDecoder().decode(type, from: Data(line))
    }
}
