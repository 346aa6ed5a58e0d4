import BatonEnvironment
import Foundation
import Notifications
import Wire

/// Reads an APNs payload (or a Simulator `.apns` file) into notification content, refusing bad ones with
/// APNs' reason names. The common keys only: `alert` (string or title/subtitle/body), `badge`, `sound`,
/// `thread-id`, `category`, `interruption-level`, `relevance-score`, `target-content-id`; other top-level
/// keys go to `userInfo`. (The Notifications target's full reader, with localized keys, replaces this.)
enum ApnsPayloadReader {
    /// The largest payload APNs accepts.
    static let maxBytes = 4096

    /// A payload read: content, the `.apns` file's target bundle if it names one, and whether it shows nothing.
    struct Payload {
        var content: NotificationContent
        var targetBundle: String?
    }

    static func read(_ data: Data) throws(ApnsRefusal) -> Payload {
        guard !data.isEmpty else { throw ApnsRefusal("PayloadEmpty", "the payload is empty") }
        guard data.count <= maxBytes else {
            throw ApnsRefusal("PayloadTooLarge", "the payload is \(data.count) bytes; APNs accepts at most \(maxBytes)")
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw ApnsRefusal("BadPayload", "the payload is not JSON: \(BoundedQuote.escaped("\(error)", limit: 200))")
        }
        guard var root = object as? [String: Any] else { throw ApnsRefusal("BadPayload", "the payload is not a JSON object") }
        let target = root.removeValue(forKey: "Simulator Target Bundle")
        if let target, !(target is String) { throw ApnsRefusal("BadPayload", "'Simulator Target Bundle' is not a string") }
        guard let apsValue = root.removeValue(forKey: "aps") else { throw ApnsRefusal("PayloadEmpty", "the payload has no 'aps'") }
        guard let aps = apsValue as? [String: Any] else { throw ApnsRefusal("BadPayload", "'aps' is not an object") }
        var content = NotificationContent()
        switch aps["alert"] {
        case nil: break
        case let text as String: content.body = text
        case let alert as [String: Any]:
            for (key, path) in [("title", \NotificationContent.title), ("subtitle", \.subtitle), ("body", \.body)] {
                guard let value = alert[key] else { continue }
                guard let text = value as? String else { throw ApnsRefusal("BadPayload", "'aps.alert.\(key)' is not a string") }
                content[keyPath: path] = text
            }
        default: throw ApnsRefusal("BadPayload", "'aps.alert' is neither a string nor an object")
        }
        if let badge = aps["badge"] {
            guard case .int(let number) = plainValue(badge), number >= 0 else {
                throw ApnsRefusal("BadPayload", "'aps.badge' is not a whole number of 0 or more")
            }
            content.badge = number
        }
        switch aps["sound"] {
        case nil: break
        case let name as String: content.sound = name == "default" ? .default : .named(name)
        case let sound as [String: Any]:
            let volume = (sound["volume"] as? NSNumber)?.doubleValue ?? 1
            guard (0...1).contains(volume) else { throw ApnsRefusal("BadPayload", "'aps.sound.volume' is not between 0 and 1") }
            content.sound = (sound["critical"] as? NSNumber)?.intValue == 1
                ? .critical(name: sound["name"] as? String, volume: volume) : .named(sound["name"] as? String ?? "default")
        default: throw ApnsRefusal("BadPayload", "'aps.sound' is neither a string nor an object")
        }
        for (key, path) in [("thread-id", \NotificationContent.threadIdentifier), ("category", \.categoryIdentifier)] {
            guard let value = aps[key] else { continue }
            guard let text = value as? String else { throw ApnsRefusal("BadPayload", "'aps.\(key)' is not a string") }
            content[keyPath: path] = text
        }
        if let target = aps["target-content-id"] {
            guard let text = target as? String else { throw ApnsRefusal("BadPayload", "'aps.target-content-id' is not a string") }
            content.targetContentIdentifier = text
        }
        if let level = aps["interruption-level"] {
            let levels: [String: InterruptionLevel] = [
                "passive": .passive, "active": .active, "time-sensitive": .timeSensitive, "critical": .critical,
            ]
            guard let name = level as? String, let value = levels[name] else {
                throw ApnsRefusal("BadPayload", "'aps.interruption-level' is not passive, active, time-sensitive or critical")
            }
            content.interruptionLevel = value
        }
        if let score = aps["relevance-score"] {
            guard let number = score as? NSNumber, (0...1).contains(number.doubleValue) else {
                throw ApnsRefusal("BadPayload", "'aps.relevance-score' is not a number between 0 and 1")
            }
            content.relevanceScore = number.doubleValue
        }
        for (key, value) in root {
            guard let converted = plainValue(value) else { throw ApnsRefusal("BadPayload", "'\(BoundedQuote.escaped(key, limit: 64))' is not a property-list value") }
            content.userInfo[key] = converted
        }
        return Payload(content: content, targetBundle: target as? String)
    }

    /// A JSON value as a property-list value (integers, booleans and doubles kept apart), or nil.
    private static func plainValue(_ value: Any) -> PropertyListValue? {
        guard let json = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]) else {
            return nil
        }
        return try? PropertyListValue(plainJSON: json)
    }
}

/// A refused push: APNs' reason name and one line saying what is at fault.
struct ApnsRefusal: Error, CustomStringConvertible {
    var reason: String
    var detail: String
    init(_ reason: String, _ detail: String) {
        self.reason = reason
        self.detail = detail
    }
    var description: String { "\(reason): \(detail)" }
}
