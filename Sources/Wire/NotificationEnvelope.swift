/// A message of the notification family: its own kind (`add`, `delivered`, …), the request it answers or
/// asks, and its body as JSON text. The typed messages are `NotificationMessage` in the `Notifications`
/// target (which builds on `Wire`, so `Wire` cannot name them); the body stays text until that target reads it,
/// which costs one string on the way through instead of a second parse of every value.
public struct NotificationEnvelope: Codable, Hashable, Sendable {
    public var kind: String
    public var requestID: UInt64?
    /// The body, JSON.
    public var body: String

    public init(kind: String, requestID: UInt64?, body: String) {
        self.kind = kind
        self.requestID = requestID
        self.body = body
    }
}
