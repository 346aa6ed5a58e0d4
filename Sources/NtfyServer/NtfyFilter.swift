import Foundation

/// What a subscriber asked for besides its topics: `since=` (cached messages to send first), `scheduled=1`
/// (delayed ones not yet delivered too), and ntfy's filters `id`, `message`, `title`, `priority` (any of a
/// list) and `tags` (all of a list).
public struct NtfyFilter: Sendable {
    /// Cached messages to send first.
    public enum Since: Sendable, Equatable {
        case none, all, latest
        case time(Date)
        case id(String)
    }

    public var since = Since.none
    public var scheduled = false
    public var id: String?
    public var message: String?
    public var title: String?
    public var priorities: Set<Int> = []
    public var tags: [String] = []

    public init() {}

    /// The filter of a subscribe request; `poll=1` without `since` is `since=all`.
    public init(_ request: NtfyRequest, now: Date) throws(NtfyError) {
        let poll = NtfyPublishParser.isYes(request.parameter("poll"))
        if let since = request.parameter("since"), !since.isEmpty {
            switch since.lowercased() {
            case "all": self.since = .all
            case "latest": self.since = .latest
            case "none": self.since = .none
            default:
                if let date = NtfyTime.point(since, now: now, future: false) {
                    self.since = .time(date)
                } else if since.count == 12, since.allSatisfy({ $0.isLetter || $0.isNumber }) {
                    self.since = .id(since)
                } else {
                    throw .sinceInvalid
                }
            }
        } else if poll {
            since = .all
        }
        scheduled = NtfyPublishParser.isYes(request.parameter("scheduled") ?? request.parameter("sched"))
        id = request.parameter("id")
        message = request.parameter("message")
        title = request.parameter("title")
        for item in NtfyTags.parse(request.parameter("priority") ?? request.parameter("prio")) {
            priorities.insert(try NtfyPriority.parse(item))
        }
        tags = NtfyTags.parse(request.parameter("tags") ?? request.parameter("tag"))
    }

    /// Whether `event` passes the filters (`since` is the cache's to apply).
    public func matches(_ event: NtfyMessage) -> Bool {
        if let id, event.id != id { return false }
        if let message, event.message != message { return false }
        if let title, event.title != title { return false }
        if !priorities.isEmpty, !priorities.contains(event.effectivePriority) { return false }
        let have = Set(event.tags ?? [])
        return tags.allSatisfy { have.contains($0) }
    }
}
