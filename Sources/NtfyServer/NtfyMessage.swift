import Foundation

/// One event as ntfy's subscribe API and its publish answer write it: `open`, `keepalive`, or a `message` with
/// what was published. Fields left out are omitted from the JSON, as ntfy omits them.
public struct NtfyMessage: Codable, Hashable, Sendable {
    public var id: String
    public var time: Int64
    public var expires: Int64?
    public var event: String
    public var topic: String
    public var message: String?
    public var title: String?
    public var tags: [String]?
    /// nil: not given (3, the default).
    public var priority: Int?
    public var click: String?
    public var icon: String?
    public var actions: [NtfyAction]?
    public var attachment: Attachment?
    /// `text/markdown` for a markdown message.
    public var contentType: String?

    /// An attachment by address, as ntfy describes one.
    public struct Attachment: Codable, Hashable, Sendable {
        public var name: String
        public var url: String
    }

    enum CodingKeys: String, CodingKey {
        case id, time, expires, event, topic, message, title, tags, priority, click, icon, actions, attachment
        case contentType = "content_type"
    }

    public init(event: String, topic: String, time: Date, id: String = NtfyID.make()) {
        self.id = id
        self.time = Int64(time.timeIntervalSince1970)
        self.event = event
        self.topic = topic
    }

    /// How long a message stays in the cache for `since=`/`poll=1` (ntfy's default `cache-duration`, 12 h).
    public static let cacheDuration: TimeInterval = 12 * 3600

    /// The priority it is shown with.
    public var effectivePriority: Int { priority ?? 3 }

    /// One line of JSON with its newline, as `/json` streams it.
    public var jsonLine: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return ((try? encoder.encode(self)) ?? Data("{}".utf8)) + Data("\n".utf8)
    }
}
