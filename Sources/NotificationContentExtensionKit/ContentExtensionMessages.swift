import Foundation
import Notifications

/// The notification content extension protocol (UserNotificationsUI): one JSON object per line, each at most
/// `maximumLineBytes`. The extension says `hello`; the host sends the notification; the extension answers
/// with the lines it draws (and may later draw again or change the category's buttons); each button pressed
/// in the expanded area is sent as an `action`, answered with a `ContentResponseOption`; `end` (or the host
/// closing its stdin) ends it.
public enum ContentExtensionProtocol {
    /// The extension point a content extension's `Info.plist` declares.
    public static let extensionPoint = ServiceExtensionProtocol.contentExtensionPoint
    /// The version both sides speak; the host refuses an extension that says another.
    public static let version = 1
    /// The longest line either side accepts, in bytes (the widget protocol's frame limit).
    public static let maximumLineBytes = 64 * 1024
    /// The most lines of cells the host shows.
    public static let maximumLines = 24
}

/// A point on the Earth, in degrees (the device's position as `baton location set` saved it).
public struct ContentCoordinate: Codable, Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// What an extension is asked to draw: the notification, the room, and what it may know about the device.
public struct ContentExtensionRequest: Codable, Hashable, Sendable {
    public var notification: DeliveredNotification
    /// The app group container shared by the app and its extensions.
    public var appGroupPath: String
    /// The suite's resources directory (the apps' bundled data), when known.
    public var resourcesPath: String?
    /// The widest line shown, in terminal columns.
    public var width: Int
    /// The most lines shown (from `UNNotificationExtensionInitialContentSizeRatio` and the room on screen).
    public var height: Int
    /// The device's position, when it is known.
    public var devicePosition: ContentCoordinate?

    public init(
        notification: DeliveredNotification, appGroupPath: String, resourcesPath: String? = nil, width: Int,
        height: Int, devicePosition: ContentCoordinate? = nil
    ) {
        self.notification = notification
        self.appGroupPath = appGroupPath
        self.resourcesPath = resourcesPath
        self.width = width
        self.height = height
        self.devicePosition = devicePosition
    }
}

/// A button pressed in the expanded area (`didReceive(_ response:completionHandler:)`).
public struct ContentActionRequest: Codable, Hashable, Sendable {
    public var actionIdentifier: String
    /// What was typed, for a text-input action.
    public var userText: String?

    public init(actionIdentifier: String, userText: String? = nil) {
        self.actionIdentifier = actionIdentifier
        self.userText = userText
    }
}

/// What happens after the extension handled a button (Apple's `UNNotificationContentExtensionResponseOption`).
public enum ContentResponseOption: String, Codable, Hashable, Sendable, CaseIterable {
    /// The notification stays open; the app hears nothing.
    case doNotDismiss
    /// The notification is dismissed; the app hears nothing.
    case dismiss
    /// The notification is dismissed and the action goes on to the app, as without an extension.
    case dismissAndForwardAction
}

/// How a run of text looks; the host maps each to its theme.
public enum ContentStyle: String, Codable, Hashable, Sendable, CaseIterable {
    case plain, title, bold, muted, accent, link, emphasis
}

/// A run of text in one style.
public struct ContentRun: Codable, Hashable, Sendable {
    public var text: String
    public var style: ContentStyle

    public init(_ text: String, style: ContentStyle = .plain) {
        self.text = text
        self.style = style
    }
}

/// What the extension draws: lines of styled runs, at most the request's width and height (the host clips).
public struct ContentDrawing: Codable, Hashable, Sendable {
    public var lines: [[ContentRun]]

    public init(lines: [[ContentRun]]) { self.lines = lines }

    /// Plain lines in one style.
    public init(text: [String], style: ContentStyle = .plain) {
        lines = text.map { [ContentRun($0, style: style)] }
    }
}

/// A message from the host to an extension.
public enum ContentHostMessage: Codable, Hashable, Sendable {
    /// Draw this notification (`didReceive(_ notification:)`).
    case notification(ContentExtensionRequest)
    /// A button was pressed (`didReceive(_ response:completionHandler:)`).
    case action(ContentActionRequest)
    /// The notification was closed; the extension exits.
    case end
}

/// A message from an extension to the host.
public enum ContentExtensionMessage: Codable, Hashable, Sendable {
    /// The first message: the extension is running and speaks `version`.
    case hello(version: Int)
    /// The lines to show (the first one is the extension's first frame).
    case draw(ContentDrawing)
    /// The category's buttons while the notification is open (`extensionContext.notificationActions`).
    case actions([NotificationAction])
    /// The answer to the last `action`.
    case answer(ContentResponseOption)
}

/// One JSON line of a protocol message, held to `ContentExtensionProtocol.maximumLineBytes`.
public enum ContentExtensionLine {
    /// The message as compact JSON with a trailing newline; throws when it is over the limit.
    public static func encode<Message: Encodable>(_ message: Message) throws -> [UInt8] {
        let bytes = try ServiceExtensionLine.encode(message)
        guard bytes.count <= ContentExtensionProtocol.maximumLineBytes else {
            throw ContentExtensionLineError.tooLong(bytes.count)
        }
        return bytes
    }

    /// A message from one line (without its newline).
    public static func decode<Message: Decodable>(_ type: Message.Type, from line: some Collection<UInt8>) throws
        -> Message
    {
        try ServiceExtensionLine.decode(type, from: line)
    }
}

/// A line over the protocol's limit.
public enum ContentExtensionLineError: Error, Hashable, Sendable, CustomStringConvertible {
    case tooLong(Int)

    public var description: String {
        switch self {
        case .tooLong(let count):
            "a line of \(count) bytes is over the \(ContentExtensionProtocol.maximumLineBytes)-byte limit"
        }
    }
}
