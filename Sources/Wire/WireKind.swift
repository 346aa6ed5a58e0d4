/// One message kind: its name on the wire, its family, and how its body goes into and comes out of a
/// `WireMessage`. Every kind is one row of `WireKind.all`; the message's `kind`, `family`, `requestID`, its
/// encoding and its decoding are all read from that row.
public struct WireKind: Sendable {
    /// The `kind` string on the wire.
    public let name: String
    /// The family the daemon routes the kind to.
    public let family: MessageFamily
    private let decodeBody: @Sendable (KeyedDecodingContainer<WireMessage.Keys>) throws -> WireMessage
    private let encodeBody: @Sendable (WireMessage, inout KeyedEncodingContainer<WireMessage.Keys>) throws -> Bool
    private let requestIDOf: @Sendable (WireMessage) -> UInt64?
    private let matches: @Sendable (WireMessage) -> Bool

    /// A kind whose body is `Body`: `wrap` makes the message of a body, `unwrap` gives the body back (nil
    /// for a message of another kind), `requestID` reads the request the body asks or answers, if any.
    init<Body: Codable & Sendable>(
        _ name: String, _ family: MessageFamily, _ wrap: @escaping @Sendable (Body) -> WireMessage,
        _ unwrap: @escaping @Sendable (WireMessage) -> Body?,
        requestID: @escaping @Sendable (Body) -> UInt64? = { _ in nil }
    ) {
        self.name = name
        self.family = family
        decodeBody = { container in wrap(try container.decode(Body.self, forKey: .body)) }
        encodeBody = { message, container in
            guard let body = unwrap(message) else { return false }
            try container.encode(body, forKey: .body)
            return true
        }
        requestIDOf = { message in unwrap(message).flatMap(requestID) }
        matches = { message in unwrap(message) != nil }
    }

    /// The row of `message`'s kind.
    static func of(_ message: WireMessage) -> WireKind {
        guard let kind = all.first(where: { $0.matches(message) }) else {
            preconditionFailure("WireKind.all has no row for a case of WireMessage")
        }
        return kind
    }

    /// The row named `name` on the wire, if any.
    static func named(_ name: String) -> WireKind? { byName[name] }

    private static let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    func decode(from container: KeyedDecodingContainer<WireMessage.Keys>) throws -> WireMessage {
        try decodeBody(container)
    }

    func encode(_ message: WireMessage, into container: inout KeyedEncodingContainer<WireMessage.Keys>) throws {
        _ = try encodeBody(message, &container)
    }

    func requestID(of message: WireMessage) -> UInt64? { requestIDOf(message) }
}
