import BatonEnvironment
import Foundation

/// One sub-kind of the notification family: its name in a `NotificationEnvelope` and how its body goes into
/// and comes out of a `NotificationMessage`. Every sub-kind is one row of `NotificationKind.all`; the message's
/// `kind`, its encoding and its decoding are all read from that row (as `WireKind` does for the wire's kinds).
public struct NotificationKind: Sendable {
    /// The `kind` written in the envelope.
    public let name: String
    private let decodeBody: @Sendable (Data) throws -> NotificationMessage
    private let encodeBody: @Sendable (NotificationMessage) throws -> Data?
    private let matches: @Sendable (NotificationMessage) -> Bool

    /// A sub-kind whose body is `Body`: `wrap` makes the message of a body, `unwrap` gives the body back (nil
    /// for a message of another sub-kind).
    init<Body: Codable & Sendable>(
        _ name: String, _ wrap: @escaping @Sendable (Body) -> NotificationMessage,
        _ unwrap: @escaping @Sendable (NotificationMessage) -> Body?
    ) {
        self.name = name
        decodeBody = { data in wrap(try JSONDecoder().decode(Body.self, from: data)) }
        encodeBody = { message in try unwrap(message).map { try JSONEncoder().encode($0) } }
        matches = { message in unwrap(message) != nil }
    }

    /// The row of `message`'s sub-kind.
    static func of(_ message: NotificationMessage) -> NotificationKind {
        guard let kind = all.first(where: { $0.matches(message) }) else {
            preconditionFailure("NotificationKind.all has no row for a case of NotificationMessage")
        }
        return kind
    }

    /// The row named `name` in an envelope, if any.
    static func named(_ name: String) -> NotificationKind? { byName[name] }

    private static let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    func decode(_ data: Data) throws -> NotificationMessage { try decodeBody(data) }

    func encode(_ message: NotificationMessage) throws -> Data {
        guard let data = try encodeBody(message) else {
            throw NotificationMessageError.unknownKind(name)
        }
        return data
    }
}

/// The body of a sub-kind that carries nothing (`done`): `{}` on the wire.
struct NoBody: Codable, Sendable {}
