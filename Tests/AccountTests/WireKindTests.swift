import Foundation
import NIOCore
import TestSupport
import Testing

@testable import Wire

/// Every message kind of the table round-trips, and writes the bytes it always wrote.
@Suite struct WireKindTests {
    @Test func everyKindHasASampleAndEverySampleAKind() {
        let table = WireKind.all.map(\.name)
        #expect(Set(table).count == table.count, "a kind is declared twice")
        #expect(
            WireSamples.messages.map(\.kind) == table,
            "WireSamples.messages must hold one message per kind, in the table's order")
    }

    @Test func everyKindRoundTripsThroughAFrame() throws {
        for message in WireSamples.messages {
            var buffer = ByteBuffer()
            try FrameCodec.encode(message, into: &buffer)
            guard case .message(let decoded) = try FrameCodec.decode(from: &buffer) else {
                Issue.record("\(message.kind) did not decode")
                continue
            }
            #expect(decoded == message, "\(message.kind) changed on the way")
            #expect(buffer.readableBytes == 0)
        }
    }

    /// The kind, family, request id and JSON (keys sorted, the wire's order being the encoder's) of every
    /// sample, as the hand-written switches before the table produced them.
    @Test func everyKindWritesWhatItAlwaysWrote() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let lines = try WireSamples.messages.map { message in
            "\(message.kind) \(message.family) \(message.requestID.map { String($0) } ?? "-") "
                + String(decoding: try encoder.encode(message), as: UTF8.self)
        }
        try Golden.check(lines, named: "wire-kinds")
    }

    @Test func anUnknownKindIsRefusedByName() {
        let json = Data(#"{"kind":"teleport","body":{}}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(WireMessage.self, from: json) }
        #expect(WireKind.named("teleport") == nil)
    }
}
