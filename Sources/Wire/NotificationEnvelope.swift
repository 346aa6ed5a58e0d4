/// A message of the notification family: its own kind (`add`, `delivered`, …), the request it answers or
/// asks, and its body. The typed messages are `NotificationMessage` in the `Notifications` target.
public struct NotificationEnvelope: Codable, Hashable, Sendable {
    public var kind: String
    public var requestID: UInt64?
    public var body: JSONFragment

    public init(kind: String, requestID: UInt64?, body: JSONFragment) {
        self.kind = kind
        self.requestID = requestID
        self.body = body
    }
}
