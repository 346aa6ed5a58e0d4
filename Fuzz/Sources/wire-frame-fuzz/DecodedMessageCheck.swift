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

    /// What the daemon sends on from a message it read: the same data in another, sometimes deeper, message.
    private func relayed(_ message: WireMessage) -> [WireMessage] {
        switch message {
        case .advertise(let advertisement):
            return [
                .offer(Offer(advertisement: advertisement, target: .webpage)),
                .devicesReply(
                    DevicesReply(
                        requestID: 1,
                        devices: [
                            DeviceSummary(
                                name: advertisement.device, pid: 1, apps: [],
                                connectedSince: Date(timeIntervalSince1970: 0),
                                currentActivity: advertisement)
                        ])),
            ]
        case .payloadResponse(let response):
            return [
                .continueReply(
                    ContinueReply(
                        requestID: response.requestID, advertisement: nil, userInfo: response.userInfo,
                        failure: response.failure))
            ]
        case .keyValueWrite(let write):
            let entry = KeyValueEntry(
                key: write.key, value: write.value, revision: 1, modified: Date(timeIntervalSince1970: 0),
                writer: write.writer ?? "fuzz")
            return [
                .keyValueChanged(KeyValueChanged(entries: [entry])),
                .keyValueSnapshot(KeyValueSnapshot(requestID: 1, storeID: "s", revision: 1, entries: [entry])),
            ]
        default:
            return []
        }
    }

    /// A message read off the wire is encoded again when the daemon relays or answers it.
    private func reencode(_ message: WireMessage) {
        guard let buffer = encoded(message) else { return }
        var frame = buffer
        let again: InboundFrame?
        do {
            again = try FrameCodec.decode(from: &frame)
        } catch {
            fatalError("a re-encoded \(message.kind) has a bad frame: \(error)")
        }
        guard case .message(let back) = again else {
            fatalError("a re-encoded \(message.kind) does not decode: \(String(describing: again))")
        }
        guard back == message else {
            fatalError("a re-encoded \(message.kind) decodes differently:\n\(message)\n\(back)")
        }
        for relay in relayed(message) { _ = encoded(relay) }
    }

    /// `message` as a frame, or nil when it is over the frame limit (the encoder refuses it cleanly: JSON escapes
    /// and a relay's envelope can grow a body past the limit). Any other failure is a finding.
    private func encoded(_ message: WireMessage) -> ByteBuffer? {
        var buffer = ByteBuffer()
        do {
            try FrameCodec.encode(message, into: &buffer)
        } catch .frameTooLarge {
            return nil
        } catch {
            fatalError("a \(message.kind) made of what was read cannot be encoded: \(error)")
        }
        return buffer
    }
}
