import Foundation

/// A subscription as one connection streams it: the format (`/json`, `/sse`, `/raw`, `/ws`), its topics and
/// filter, the cached messages to send first, and whether it ends after them (`poll=1`).
public struct NtfyStream: Sendable {
    public enum Format: String, Sendable {
        case json, sse, raw, ws

        /// The answer's `Content-Type`, as ntfy sends it.
        public var contentType: String {
            switch self {
            case .json: "application/x-ndjson; charset=utf-8"
            case .sse: "text/event-stream; charset=utf-8"
            case .raw, .ws: "text/plain; charset=utf-8"
            }
        }
    }

    public var format: Format
    public var topics: Set<String>
    public var filter: NtfyFilter
    public var poll: Bool
    public var cached: [NtfyMessage]

    /// How often an open stream says `keepalive` (ntfy's `keepalive-interval`, 45 s).
    public static let keepaliveInterval: TimeInterval = 45

    /// The `open` or `keepalive` event for this stream's topics.
    public func event(_ name: String, now: Date) -> NtfyMessage {
        NtfyMessage(event: name, topic: topics.sorted().joined(separator: ","), time: now)
    }

    /// `event` as this format writes it; nil when it writes nothing for it (`open` on `/raw`).
    public func encode(_ event: NtfyMessage) -> Data? {
        switch format {
        case .json, .ws: return event.jsonLine
        case .sse:
            let json = event.jsonLine.dropLast()
            let head = event.event == "message" ? "id: \(event.id)\n" : "event: \(event.event)\n"
            return Data(head.utf8) + Data("data: ".utf8) + json + Data("\n\n".utf8)
        case .raw:
            switch event.event {
            case "message":
                let line = (event.message ?? "").replacingOccurrences(of: "\n", with: " ")
                return Data((line + "\n").utf8)
            case "keepalive": return Data("\n".utf8)
            default: return nil
            }
        }
    }
}
