import FoundationEssentials

/// Length-prefixed frames: a 4-byte big-endian length, then that many bytes of JSON.
public enum WidgetFrame {
    /// Encodes a message as one frame.
    public static func encode<Message: Encodable>(_ message: Message) throws -> [UInt8] {
        let body = try JSONEncoder().encode(message)
        guard body.count <= WidgetProtocol.maximumFrameLength else {
            throw WidgetFrameError.tooLong(body.count)
        }
        let length = UInt32(body.count)
        var frame: [UInt8] = [
            UInt8(truncatingIfNeeded: length >> 24), UInt8(truncatingIfNeeded: length >> 16),
            UInt8(truncatingIfNeeded: length >> 8), UInt8(truncatingIfNeeded: length),
        ]
        frame.append(contentsOf: body)
        return frame
    }

    /// Decodes the body of one frame.
    public static func decode<Message: Decodable>(_ type: Message.Type, from body: [UInt8]) throws
        -> Message
    {
        do {
            return try JSONDecoder().decode(type, from: Data(body))
        } catch {
            throw WidgetFrameError.unreadable
        }
    }
}

/// Collects bytes as they arrive and hands out whole frame bodies.
public struct WidgetFrameDecoder: Sendable {
    private var buffer: [UInt8] = []

    public init() {}

    /// Adds bytes read from the other side.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// Whether bytes are waiting that do not yet make a whole frame.
    public var hasPartialFrame: Bool { !buffer.isEmpty }

    /// The next whole frame body, nil when more bytes are needed; throws on a length over the limit.
    public mutating func nextFrame() throws -> [UInt8]? {
        guard buffer.count >= 4 else { return nil }
        let length = Int(buffer[0]) << 24 | Int(buffer[1]) << 16 | Int(buffer[2]) << 8 | Int(buffer[3])
        guard length <= WidgetProtocol.maximumFrameLength else {
            throw WidgetFrameError.tooLong(length)
        }
        guard buffer.count >= 4 + length else { return nil }
        let body = Array(buffer[4..<(4 + length)])
        buffer.removeFirst(4 + length)
        return body
    }
}

/// A frame that breaks the protocol.
public enum WidgetFrameError: Error, Equatable, CustomStringConvertible {
    case tooLong(Int)
    case unreadable

    public var description: String {
        switch self {
        case .tooLong(let length):
            "frame of \(length) bytes is over the \(WidgetProtocol.maximumFrameLength)-byte limit"
        case .unreadable: "frame is not a message of the widget protocol"
        }
    }
}
