import BatonEnvironment
import Foundation
import NIOCore

/// A frame read off the wire: a message, or a well-delimited frame whose body could not be read.
public enum InboundFrame: Sendable {
    case message(WireMessage)
    case undecodable(WireError)
}

/// Turns messages into frames and frame bodies into messages (JSON), enforcing the limits.
public enum FrameCodec {
    /// Appends `message` as one frame to `buffer`; throws `frameTooLarge` and writes nothing when over the limit.
    public static func encode(_ message: WireMessage, into buffer: inout ByteBuffer) throws(WireError) {
        let body: Data
        do {
            body = try JSONEncoder().encode(message)
        } catch {
            throw .malformed("cannot encode \(message.kind): \(error)")
        }
        guard body.count <= WireLimits.maxFrameBytes else {
            throw .frameTooLarge(size: body.count, limit: WireLimits.maxFrameBytes)
        }
        buffer.reserveCapacity(minimumWritableBytes: FrameHeader.size + body.count)
        FrameHeader(length: body.count).write(to: &buffer)
        buffer.writeBytes(body)
    }

    /// Reads one frame from the front of `buffer`, or returns nil when it is not all there yet.
    /// Throws for framing errors (the stream cannot be resynchronised); a bad body comes back as `.undecodable`.
    public static func decode(from buffer: inout ByteBuffer) throws(WireError) -> InboundFrame? {
        guard let header = try FrameHeader.peek(buffer),
            buffer.readableBytes >= FrameHeader.size + header.length
        else { return nil }
        buffer.moveReaderIndex(forwardBy: FrameHeader.size)
        guard let body = buffer.readSlice(length: header.length) else { return nil }
        return decodeBody(body)
    }

    /// Decodes one frame body.
    public static func decodeBody(_ body: ByteBuffer) -> InboundFrame {
        do {
            return .message(
                try JSONDecoder().decode(WireMessage.self, from: Data(body.readableBytesView)))
        } catch let error as DecodingError {
            return .undecodable(.malformed(BoundedQuote.escaped(describe(error), limit: maxReasonBytes)))
        } catch {
            return .undecodable(.malformed(BoundedQuote.escaped("\(error)", limit: maxReasonBytes)))
        }
    }

    /// The longest reason given for an undecodable body: it is logged and sent back, and it may quote input.
    static let maxReasonBytes = 240

    /// A one-line reason for a decoding error.
    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context): context.debugDescription + at(context)
        case .keyNotFound(let key, let context): "missing '\(key.stringValue)'" + at(context)
        case .typeMismatch(let type, let context): "expected \(type)" + at(context)
        case .valueNotFound(let type, let context): "missing \(type) value" + at(context)
        @unknown default: "\(error)"
        }
    }

    private static func at(_ context: DecodingError.Context) -> String {
        context.codingPath.isEmpty
            ? ""
            : " at "
                + BoundedQuote.escaped(
                    context.codingPath.map(\.stringValue).joined(separator: "."), limit: BoundedQuote.defaultLimit)
    }
}
