import APNsProvider
import Foundation
import Logging
import Notifications
import Synchronization

/// What the server answers one request with, whatever carries it: the checks (`APNsRequest.check`), the
/// provider token's updates on the connection, then the push handed to the sink once.
public struct APNsService: Sendable {
    public var keys: ProviderKeys
    public var sink: any APNsPushSink
    public var now: @Sendable () -> Date
    public var logger: Logger
    /// Pushes per device token (429 TooManyRequests past it).
    public var tokenLimit: DeviceTokenRateLimit

    public init(
        keys: ProviderKeys, sink: any APNsPushSink, now: @escaping @Sendable () -> Date = { Date() },
        tokenLimit: DeviceTokenRateLimit = DeviceTokenRateLimit(), logger: Logger
    ) {
        self.keys = keys
        self.sink = sink
        self.tokenLimit = tokenLimit
        self.now = now
        self.logger = logger
    }

    /// The `apns-id` to answer with and, unless it is 200, APNs' refusal.
    public struct Answer: Sendable {
        public var apnsID: String
        /// `apns-unique-id`: a new lowercase UUID per answer, as APNs' development environment sends for looking
        /// a push up (here, in the daemon's log).
        public var uniqueID = UUID().uuidString.lowercased()
        public var rejection: APNsRejection?
        /// The daemon's notification identifier (200 only), for the log.
        public var identifier: String?
    }

    /// Answers `request`, which came on a connection whose token updates `updates` keeps.
    public func answer(_ request: APNsRequest, updates: ProviderTokenUpdates) async -> Answer {
        let accepted: APNsRequest.Accepted
        do {
            accepted = try request.check(keys: keys, now: now())
            try updates.use(request.header("authorization") ?? "", now: now())
            try tokenLimit.admit(accepted.intake.token ?? "", now: now())
        } catch {
            logger.info(
                "refused",
                metadata: ["status": "\(error.status)", "reason": "\(error.reason)", "detail": "\(error.detail)"])
            return Answer(apnsID: request.apnsID, rejection: error)
        }
        switch await sink.submit(accepted.intake) {
        case .success(let outcome):
            let answer = Answer(apnsID: accepted.apnsID, identifier: outcome.identifier)
            logger.info(
                "push",
                metadata: [
                    "apns-id": "\(accepted.apnsID)", "apns-unique-id": "\(answer.uniqueID)",
                    "identifier": "\(outcome.identifier)", "type": "\(accepted.pushType.rawValue)",
                ])
            return answer
        case .failure(let error):
            logger.info(
                "refused",
                metadata: ["status": "\(error.status)", "reason": "\(error.reason)", "detail": "\(error.detail)"])
            return Answer(apnsID: accepted.apnsID, rejection: error)
        }
    }
}

/// The provider tokens one connection used: APNs asks a provider to change its token at most once every 20
/// minutes (and at least once an hour); a different valid token sooner on the same connection is 429
/// TooManyProviderTokenUpdates.
public final class ProviderTokenUpdates: Sendable {
    /// The shortest time between two tokens on one connection.
    public static let interval: TimeInterval = 20 * 60
    private let current = Mutex<(token: String, since: Date)?>(nil)

    public init() {}

    /// Records a valid `token` used at `now`, or throws when it replaces the last one too soon.
    public func use(_ token: String, now: Date) throws(APNsRejection) {
        let refused: Bool = current.withLock { current in
            guard let last = current, last.token != token else {
                if current == nil { current = (token, now) }
                return false
            }
            if now.timeIntervalSince(last.since) < Self.interval { return true }
            current = (token, now)
            return false
        }
        if refused {
            throw APNsRejection(429, "TooManyProviderTokenUpdates", detail: "a new provider token within 20 minutes")
        }
    }
}
