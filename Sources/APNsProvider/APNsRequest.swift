import Foundation
import Notifications

/// One request to the provider API as received (method, path, headers with lowercased names, body), checked as
/// APNs checks it into the push `baton push --token` makes, or refused with APNs' status and reason.
public struct APNsRequest: Sendable {
    public var method: String
    public var path: String
    public var headers: [(name: String, value: String)]
    public var body: Data

    /// The path before the device token.
    public static let devicePath = "/3/device/"

    public init(method: String, path: String, headers: [(name: String, value: String)], body: Data) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
    }

    /// The value of header `name` (lowercase); nil when absent.
    public func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }

    /// A push accepted by the checks: what goes to the daemon, and the `apns-id` to answer with.
    public struct Accepted: Sendable {
        public var intake: PushIntake
        public var apnsID: String
        public var pushType: APNsPushType
    }

    /// The `apns-id` to answer with whatever the outcome: the request's when it is a UUID, else a new one.
    public var apnsID: String {
        header("apns-id").flatMap { UUID(uuidString: $0) != nil ? $0 : nil } ?? UUID().uuidString.lowercased()
    }

    /// The checks in APNs' order: path and method, the device token, duplicated headers, the provider token
    /// (`keys` at `now`), then the headers and the payload.
    public func check(keys: ProviderKeys, now: Date) throws(APNsRejection) -> Accepted {
        guard path.hasPrefix(Self.devicePath) else { throw APNsRejection(404, "BadPath", detail: path) }
        guard method == "POST" else { throw APNsRejection(405, "MethodNotAllowed", detail: method) }
        let tokenText = String(path.dropFirst(Self.devicePath.count))
        guard !tokenText.isEmpty else { throw APNsRejection.bad("MissingDeviceToken") }
        guard let token = DeviceToken.normalized(tokenText) else {
            throw APNsRejection.bad("BadDeviceToken", "not 64 hex digits")
        }
        var seen = Set<String>()
        for header in headers where !seen.insert(header.name).inserted {
            throw APNsRejection.bad("DuplicateHeaders", header.name)
        }
        try keys.authenticate(header("authorization"), now: now)
        if let id = header("apns-id"), UUID(uuidString: id) == nil {
            throw APNsRejection.bad("BadMessageId", "apns-id is not a UUID")
        }
        guard let topic = header("apns-topic"), !topic.isEmpty else { throw APNsRejection.bad("MissingTopic") }
        // Without apns-push-type (optional but on watchOS), the payload says: background or alert.
        let typeText = header("apns-push-type")
        let explicitType = try typeText.map { text throws(APNsRejection) in
            guard let type = APNsPushType(rawValue: text) else { throw APNsRejection.bad("InvalidPushType", text) }
            return type
        }
        let app = try (explicitType ?? .alert).app(ofTopic: topic)
        // APNs takes UNIX seconds only (baton push also takes ISO 8601 dates).
        if let expiration = header("apns-expiration"), expiration.isEmpty || !expiration.utf8.allSatisfy(Self.isDigit) {
            throw APNsRejection.bad("BadExpirationDate", expiration)
        }
        var options = PushOptions(
            app: app, collapseID: header("apns-collapse-id"), priority: header("apns-priority"),
            expiration: header("apns-expiration"))
        if explicitType == .voip { options.maxBytes = PushPayload.maxVoIPBytes }
        let push: PushNotification
        do {
            (push, _) = try PushPayload.localized(try PushPayload.parse(body, options: options), body, options: options)
        } catch {
            throw APNsRejection(error)
        }
        let pushType = explicitType ?? (push.kind == .background ? .background : .alert)
        try pushType.check(push)
        return Accepted(
            intake: PushIntake(push: pushType.delivered(push), device: nil, token: token), apnsID: apnsID,
            pushType: pushType)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
