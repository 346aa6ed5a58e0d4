import Foundation
import Logging
import Notifications

/// What the endpoint answers one request with, whatever carries it: a publish handed to the sink and kept in
/// the cache, or a subscription for the connection to stream (`NtfyStream`), or ntfy's refusal.
public struct NtfyService: Sendable {
    /// A finished answer, or a stream to open.
    public enum Answer: Sendable {
        case body(status: Int, contentType: String, Data)
        case stream(NtfyStream)

        static func error(_ error: NtfyError) -> Answer { .body(status: error.http, contentType: jsonType, error.json) }
        static func json(_ data: Data) -> Answer { .body(status: 200, contentType: jsonType, data) }
    }

    static let jsonType = "application/json"

    public var sink: any NtfySink
    public var cache: NtfyCache
    public var now: @Sendable () -> Date
    /// The device the endpoint posts as (this machine's).
    public var device: String
    public var logger: Logger
    /// Runs `work` after `seconds` (a delayed message's delivery to subscribers).
    public var schedule: @Sendable (TimeInterval, @escaping @Sendable () -> Void) -> Void
    /// The access tokens as they are now (`NtfyTokens.load`, read on each request that carries one).
    public var tokens: @Sendable () -> NtfyTokens = { NtfyTokens() }
    /// Requests per client (429 past it).
    public var rateLimit = NtfyRateLimit()

    public init(
        sink: any NtfySink, cache: NtfyCache = NtfyCache(), device: String, logger: Logger,
        now: @escaping @Sendable () -> Date = { Date() },
        schedule: @escaping @Sendable (TimeInterval, @escaping @Sendable () -> Void) -> Void
    ) {
        self.sink = sink
        self.cache = cache
        self.device = device
        self.logger = logger
        self.now = now
        self.schedule = schedule
    }

    /// The answer to `request`.
    public func answer(_ request: NtfyRequest) async -> Answer {
        let parts = request.path.split(separator: "/").map(String.init)
        let method = request.method
        do {
            try rateLimit.admit(request.client, now: now())
            switch (method, parts.count) {
            case ("GET", 0), ("HEAD", 0):
                return .body(status: 200, contentType: "text/plain", Data("Baton speaks ntfy here.\n".utf8))
            case ("PUT", 0), ("POST", 0):
                let publish = try NtfyPublishParser.parseJSON(request, now: now())
                try NtfyAccess.check(request, .write, topics: [publish.message.topic], tokens: tokens())
                return try await self.publish(publish)
            case ("GET", 2) where parts == ["v1", "health"]:
                return .json(Data("{\"healthy\":true}\n".utf8))
            case ("PUT", 1), ("POST", 1):
                try NtfyAccess.check(request, .write, topics: [parts[0]], tokens: tokens())
                return try await publish(NtfyPublishParser.parse(topic: parts[0], request: request, now: now()))
            case ("GET", 1):
                try NtfyPublishParser.checkTopic(parts[0])
                return .body(
                    status: 200, contentType: "text/plain",
                    Data("Topic \(parts[0]): subscribe with /\(parts[0])/json.\n".utf8))
            case (_, 2):
                return try await topicAction(parts[0], parts[1], request)
            default:
                return .error(.notFound)
            }
        } catch {
            logger.info("refused", metadata: ["code": "\(error.code)", "path": "\(request.path.prefix(80))"])
            return .error(error)
        }
    }

    private func topicAction(_ topics: String, _ action: String, _ request: NtfyRequest) async throws(NtfyError)
        -> Answer
    {
        switch (request.method, action) {
        case ("GET", "publish"), ("GET", "send"), ("GET", "trigger"), ("PUT", "publish"), ("PUT", "send"),
            ("PUT", "trigger"), ("POST", "publish"), ("POST", "send"), ("POST", "trigger"):
            try NtfyAccess.check(request, .write, topics: [topics], tokens: tokens())
            return try await publish(NtfyPublishParser.parse(topic: topics, request: request, now: now()))
        case ("GET", "json"), ("GET", "sse"), ("GET", "raw"), ("GET", "ws"):
            let names = Set(topics.split(separator: ",").map(String.init))
            for name in names { try NtfyPublishParser.checkTopic(name) }
            guard !names.isEmpty else { throw .topicInvalid }
            try NtfyAccess.check(request, .read, topics: names.sorted(), tokens: tokens())
            let filter = try NtfyFilter(request, now: now())
            let format = NtfyStream.Format(rawValue: action) ?? .json
            if format == .ws, request.headers["upgrade"]?.lowercased() != "websocket" {
                throw .webSocketUpgradeMissing
            }
            return .stream(
                NtfyStream(
                    format: format, topics: names, filter: filter,
                    poll: NtfyPublishParser.isYes(request.parameter("poll")),
                    cached: cache.cached(topics: names, filter: filter, now: now())))
        case ("GET", "auth"):
            try NtfyPublishParser.checkTopic(topics)
            try NtfyAccess.check(request, .read, topics: [topics], tokens: tokens())
            return .json(Data("{\"success\":true}\n".utf8))
        default:
            throw .notFound
        }
    }

    /// Hands `publish` to the daemon, then keeps it and tells subscribers (a delayed one at its time).
    private func publish(_ publish: NtfyPublish) async throws(NtfyError) -> Answer {
        let add = NtfyMapping.add(publish, device: device, now: now())
        if let refusal = await sink.add(add) { throw refusal }
        let message = publish.message
        logger.info(
            "published",
            metadata: ["topic": "\(message.topic)", "id": "\(message.id)", "delayed": "\(publish.delivery != nil)"])
        cache.publish(message, cached: publish.cached, scheduled: publish.delivery != nil)
        if let delivery = publish.delivery {
            let cache = cache
            schedule(delivery.timeIntervalSince(now())) { cache.release(id: message.id) }
        }
        return .json(message.jsonLine)
    }
}
