import Foundation
import NIOCore
import NIOEmbedded
import Testing
import Wire

@Suite struct WireFramingTests {
    private let ping = WireMessage.ping(Ping(requestID: 7))

    private func frame(_ message: WireMessage) throws -> ByteBuffer {
        var buffer = ByteBuffer()
        try FrameCodec.encode(message, into: &buffer)
        return buffer
    }

    private func rawFrame(magic: UInt32 = FrameHeader.magic, version: UInt16 = 1, body: String) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.writeInteger(magic)
        buffer.writeInteger(version)
        buffer.writeInteger(UInt32(body.utf8.count))
        buffer.writeString(body)
        return buffer
    }

    @Test func roundTripsEveryFamily() throws {
        let messages: [WireMessage] = [
            ping,
            .registerDevice(
                RegisterDevice(
                    name: "box:pts-3", pid: 42,
                    apps: [AppDescriptor(bundleIdentifier: "a.b", teamIdentifier: "T", activityTypes: ["x.y"])])),
            .advertise(
                Advertisement(
                    device: "d", bundleIdentifier: "a.b", teamIdentifier: "T", activityType: "x.y", title: "Tab",
                    sequence: 3, webpageURL: URL(string: "https://example.com"), supportsContinuationStreams: true)),
            .payloadResponse(
                PayloadResponse(requestID: 1, userInfo: ["k": .int(1), "f": .double(1), "b": .bool(true)])),
            .streamData(StreamData(streamID: "s", bytes: Data([1, 2, 3]))),
            .devicesQuery(DevicesQuery(requestID: 9)),
        ]
        for message in messages {
            var buffer = try frame(message)
            let decoded = try FrameCodec.decode(from: &buffer)
            guard case .message(let back) = decoded else {
                Issue.record("\(message.kind) did not decode")
                continue
            }
            #expect(back == message)
            #expect(buffer.readableBytes == 0)
        }
    }

    @Test func waitsForTheWholeFrame() throws {
        let whole = try frame(ping)
        var partial = whole.getSlice(at: 0, length: whole.readableBytes - 1) ?? ByteBuffer()
        #expect(try FrameCodec.decode(from: &partial) == nil)
        var header = whole.getSlice(at: 0, length: 4) ?? ByteBuffer()
        #expect(try FrameCodec.decode(from: &header) == nil)
    }

    @Test func refusesToWriteAFrameOverOneMebibyte() {
        let big = WireMessage.streamData(StreamData(streamID: "s", bytes: Data(count: WireLimits.maxFrameBytes)))
        var buffer = ByteBuffer()
        #expect {
            try FrameCodec.encode(big, into: &buffer)
        } throws: { error in
            guard case .frameTooLarge(_, let limit) = error as? WireError else { return false }
            return limit == WireLimits.maxFrameBytes
        }
        #expect(buffer.readableBytes == 0)
    }

    @Test func refusesAHeaderAnnouncingTooLargeABody() {
        var buffer = ByteBuffer()
        buffer.writeInteger(FrameHeader.magic)
        buffer.writeInteger(FrameHeader.currentVersion)
        buffer.writeInteger(UInt32(WireLimits.maxFrameBytes + 1))
        #expect(throws: WireError.frameTooLarge(size: WireLimits.maxFrameBytes + 1, limit: WireLimits.maxFrameBytes)) {
            try FrameCodec.decode(from: &buffer)
        }
    }

    @Test func refusesAnUnknownVersion() {
        var buffer = rawFrame(version: 9, body: "{}")
        #expect(throws: WireError.unknownVersion(9)) { try FrameCodec.decode(from: &buffer) }
    }

    @Test func refusesAForeignPeer() {
        var buffer = ByteBuffer(string: "GET / HTTP/1.1\r\n\r\n")
        #expect {
            try FrameCodec.decode(from: &buffer)
        } throws: { error in
            if case .badMagic = error as? WireError { return true }
            return false
        }
    }

    @Test func malformedJSONSkipsOneFrameOnly() throws {
        var buffer = rawFrame(body: "{not json")
        buffer.writeImmutableBuffer(rawFrame(body: #"{"kind":"teleport","body":{}}"#))
        buffer.writeImmutableBuffer(try frame(ping))
        for _ in 0..<2 {
            guard case .undecodable(let error) = try FrameCodec.decode(from: &buffer) else {
                Issue.record("a bad body decoded")
                return
            }
            #expect(error.isRecoverable)
        }
        guard case .message(let message) = try FrameCodec.decode(from: &buffer) else {
            Issue.record("the good frame after bad ones did not decode")
            return
        }
        #expect(message == ping)
    }

    @Test func unknownKindIsNamed() throws {
        var buffer = rawFrame(body: #"{"kind":"teleport","body":{}}"#)
        guard case .undecodable(.malformed(let reason)) = try FrameCodec.decode(from: &buffer) else {
            Issue.record("unknown kind accepted")
            return
        }
        #expect(reason.contains("teleport"))
    }

    @Test func channelReportsATruncatedFrameAtEndOfStream() throws {
        let channel = EmbeddedChannel(handler: ByteToMessageHandler(FrameDecoder()))
        let whole = try frame(ping)
        try channel.writeInbound(whole)
        try channel.writeInbound(whole.getSlice(at: 0, length: 6) ?? ByteBuffer())
        guard case .message(let first) = try channel.readInbound(as: InboundFrame.self) else {
            Issue.record("the whole frame did not decode")
            return
        }
        #expect(first == ping)
        #expect(throws: WireError.truncated(expected: FrameHeader.size, received: 6)) { try channel.finish() }
    }

    @Test func encoderWritesWhatTheDecoderReads() throws {
        let channel = EmbeddedChannel(handlers: [FrameWriter()])
        try channel.writeOutbound(ping)
        var written = try #require(try channel.readOutbound(as: ByteBuffer.self))
        #expect(written.getInteger(at: 0, as: UInt32.self) == FrameHeader.magic)
        guard case .message(let back) = try FrameCodec.decode(from: &written) else {
            Issue.record("encoder output did not decode")
            return
        }
        #expect(back == ping)
        _ = try channel.finish()
    }

    @Test func userInfoSizeIsMeasuredEncoded() {
        let small = PropertyListValue.dictionary(["a": .string("b")])
        #expect(small.encodedSize < WireLimits.warnUserInfoBytes)
        let big = PropertyListValue.dictionary(["blob": .string(String(repeating: "x", count: 100_000))])
        #expect(big.encodedSize > WireLimits.maxUserInfoBytes)
    }

    /// Found while fuzzing, following the plain-JSON depth finding to the wire: a `keyValueWrite` whose value nested
    /// 254 deep fit the 512 JSON levels the decoder allows, but the `keyValueChanged` and `keyValueSnapshot` that
    /// carry it on are two levels deeper, so the daemon stored a value it could never send to anyone.
    @Test func aKeyValueWriteThatDecodesCanBeSentOn() throws {
        func write(nesting depth: Int) -> ByteBuffer {
            let value =
                String(repeating: #"{"array":["#, count: depth) + #"{"int":1}"# + String(repeating: "]}", count: depth)
            return ByteBuffer(string: #"{"kind":"keyValueWrite","body":{"requestID":1,"key":"k","value":\#(value)}}"#)
        }
        for depth in [254, PropertyListValue.maxNesting] {
            guard case .message(.keyValueWrite(let write)) = FrameCodec.decodeBody(write(nesting: depth)) else {
                #expect(depth > PropertyListValue.maxNesting, "a write \(depth) deep was refused")
                continue
            }
            let entry = KeyValueEntry(
                key: write.key, value: write.value, revision: 1, modified: Date(timeIntervalSince1970: 0), writer: "w")
            var buffer = ByteBuffer()
            try FrameCodec.encode(.keyValueChanged(KeyValueChanged(entries: [entry])), into: &buffer)
            try FrameCodec.encode(
                .keyValueSnapshot(KeyValueSnapshot(requestID: 1, storeID: "s", revision: 1, entries: [entry])),
                into: &buffer)
        }
    }
}
