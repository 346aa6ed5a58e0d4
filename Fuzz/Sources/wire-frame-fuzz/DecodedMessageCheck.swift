import Foundation
import NIOCore
import NIOEmbedded
import Wire

/// What the daemon and its clients do with a frame they read, minus the sockets: each message must be one the
/// daemon can send on (encode it again, read it back unchanged), and the pure checks they run on it must not trap.
struct DecodedMessageCheck {
    /// The client assembles snapshot pieces across frames of one connection.
    private var snapshots = KeyValueSnapshotAssembler()

    /// Reads every frame the decoder has produced so far.
    mutating func readAll(from channel: EmbeddedChannel) {
        while let frame = try? channel.readInbound(as: InboundFrame.self) {
            switch frame {
            case .message(let message): check(message)
            case .undecodable(let error): _ = error.description
            }
        }
    }

    private mutating func check(_ message: WireMessage) {
        _ = (message.kind, message.family, message.requestID)
        switch message {
        case .keyValueWrite(let write):
            _ = try? KeyValueLimits.admit(key: write.key, value: write.value, previous: nil, count: 0, total: 0)
        case .keyValueSnapshot(let piece):
            _ = try? snapshots.add(piece)
        case .payloadResponse(let response):
            _ = response.userInfo.map { PropertyListValue.dictionary($0).encodedSize }
        case .continueReply(let reply):
            _ = reply.userInfo.map { PropertyListValue.dictionary($0).encodedSize }
        default: break
        }
        reencode(message)
    }

    /// A message read off the wire is encoded again when the daemon relays or answers it.
    private func reencode(_ message: WireMessage) {
        var buffer = ByteBuffer()
        do {
            try FrameCodec.encode(message, into: &buffer)
        } catch .frameTooLarge {
            return  // JSON escapes can grow a body past the limit; the encoder refuses it cleanly.
        } catch {
            fatalError("a decoded \(message.kind) cannot be encoded again: \(error)")
        }
        let again: InboundFrame?
        do {
            again = try FrameCodec.decode(from: &buffer)
        } catch {
            fatalError("a re-encoded \(message.kind) has a bad frame: \(error)")
        }
        guard case .message(let back) = again else {
            fatalError("a re-encoded \(message.kind) does not decode: \(String(describing: again))")
        }
        guard back == message else {
            fatalError("a re-encoded \(message.kind) decodes differently:\n\(message)\n\(back)")
        }
    }
}
