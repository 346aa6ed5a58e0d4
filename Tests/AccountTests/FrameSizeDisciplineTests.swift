import BatonEnvironment
import Foundation
import NIOCore
import NIOEmbedded
import Testing
import Wire

/// The size discipline at the source: an oversized message fails alone, a partial frame cannot linger,
/// error text quotes outside input briefly, and advertisements always fit in an offer.
@Suite struct FrameSizeDisciplineTests {
    private let ping = WireMessage.ping(Ping(requestID: 7))

    private func oversized() -> WireMessage {
        .advertise(
            Advertisement(
                device: "a", bundleIdentifier: "b", teamIdentifier: "t", activityType: "x",
                title: String(repeating: "t", count: WireLimits.maxFrameBytes + 10), sequence: 1))
    }

    @Test func anOversizedWriteFailsAloneAndLaterWritesGoThrough() throws {
        let channel = EmbeddedChannel(handlers: [FrameWriter()])
        let failed = channel.writeAndFlush(oversized())
        #expect(throws: WireError.self) { try failed.wait() }
        #expect(try channel.readOutbound(as: ByteBuffer.self) == nil)
        // NIO's MessageToByteHandler would now fail every write; this one does not.
        try channel.writeAndFlush(ping).wait()
        var written = try #require(try channel.readOutbound(as: ByteBuffer.self))
        guard case .message(let back) = try FrameCodec.decode(from: &written) else {
            Issue.record("the write after the failure did not decode")
            return
        }
        #expect(back == ping)
        _ = try channel.finish()
    }

    @Test func aPartialFrameFailsTheChannelAfterItsTimeout() throws {
        let channel = EmbeddedChannel(
            handler: ByteToMessageHandler(FrameDecoder(partialFrameTimeout: .seconds(10))))
        var frame = ByteBuffer()
        try FrameCodec.encode(ping, into: &frame)
        try channel.writeInbound(frame.getSlice(at: 0, length: 12) ?? ByteBuffer())
        channel.embeddedEventLoop.advanceTime(by: .seconds(9))
        #expect(throws: Never.self) { try channel.throwIfErrorCaught() }
        // More bytes trickling in do not restart the clock.
        try channel.writeInbound(frame.getSlice(at: 12, length: 2) ?? ByteBuffer())
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(throws: WireError.stalledFrame(received: 12, milliseconds: 10_000)) {
            try channel.throwIfErrorCaught()
        }
        _ = try? channel.finish()
    }

    @Test func aFrameCompletedInTimeDisarmsTheTimeout() throws {
        let channel = EmbeddedChannel(
            handler: ByteToMessageHandler(FrameDecoder(partialFrameTimeout: .seconds(10))))
        var frame = ByteBuffer()
        try FrameCodec.encode(ping, into: &frame)
        try channel.writeInbound(frame.getSlice(at: 0, length: 12) ?? ByteBuffer())
        channel.embeddedEventLoop.advanceTime(by: .seconds(5))
        try channel.writeInbound(frame.getSlice(at: 12, length: frame.readableBytes - 12) ?? ByteBuffer())
        channel.embeddedEventLoop.advanceTime(by: .seconds(60))
        #expect(throws: Never.self) { try channel.throwIfErrorCaught() }
        #expect(try channel.readInbound(as: InboundFrame.self) != nil)
        _ = try channel.finish()
    }

    @Test func anUnknownKindIsQuotedBriefly() throws {
        let kind = String(repeating: "k", count: 500_000)
        let body = try JSONSerialization.data(withJSONObject: ["kind": kind, "body": [:]])
        guard case .undecodable(let error) = FrameCodec.decodeBody(ByteBuffer(bytes: body)) else {
            Issue.record("an unknown kind decoded")
            return
        }
        #expect(error.description.utf8.count < 400)
        #expect(error.description.contains("500000 bytes"))
    }

    @Test func quotingEscapesControlCharactersAndCutsOnACharacter() {
        #expect(BoundedQuote.quote("a\nb\u{1B}[2J") == #"'a\nb\u{1b}[2J'"#)
        let cut = BoundedQuote.escaped(String(repeating: "é", count: 100), limit: 9)
        #expect(cut == "éééé… (200 bytes)")
    }

    @Test func aLongTitleIsShortenedToALineAndStillFits() throws {
        let advertisement = Advertisement(
            device: "a", bundleIdentifier: "b", teamIdentifier: "t", activityType: "x",
            title: String(repeating: "t", count: 2_000_000), sequence: 1)
        #expect(advertisement.titleNeedsShortening)
        #expect(advertisement.sizeRefusal == nil)
        let shortened = advertisement.withShortenedTitle
        #expect(shortened.title.count == AdvertisementLimits.maxTitleCharacters)
        #expect(shortened.title.hasSuffix("…"))
        #expect(shortened.encodedSize <= AdvertisementLimits.maxEncodedBytes)
    }

    @Test func anAdvertisementWithAHugeURLIsRefusedWith4611() throws {
        let url = try #require(URL(string: "https://example.com/" + String(repeating: "p", count: 20_000)))
        let advertisement = Advertisement(
            device: "a", bundleIdentifier: "b", teamIdentifier: "t", activityType: "x", title: "t", sequence: 1,
            webpageURL: url)
        #expect(advertisement.sizeRefusal?.code == WireFailure.userInfoTooLarge)
    }

    /// Issue 25: the size check counts before it encodes; the count never falls below the encoding, so an
    /// advertisement just over the limit (control characters, slashes and quotes, which JSON widens; a URL
    /// relative to a long base) is still refused.
    @Test func theCountedBoundIsNeverBelowTheEncodingAndTheLimitHolds() throws {
        let wide = String(repeating: "\u{1}/\"é\u{2028}", count: 40)
        let base = try #require(URL(string: "https://example.com/" + String(repeating: "b/", count: 300)))
        let url = try #require(URL(string: "../../x?q=" + String(repeating: "%01", count: 100), relativeTo: base))
        for count in [0, 1, 10, 100, 200, 400, 1_000] {
            let advertisement = Advertisement(
                device: String(repeating: "\u{1b}", count: count), bundleIdentifier: wide, teamIdentifier: "t/\"",
                activityType: wide, title: String(repeating: "\u{7}", count: 119), sequence: .max, webpageURL: url,
                supportsContinuationStreams: true, advertisedAt: Date(timeIntervalSince1970: -1e12))
            #expect(advertisement.encodedSizeBound >= advertisement.encodedSize, "\(count)")
            #expect(
                (advertisement.sizeRefusal != nil) == (advertisement.encodedSize > AdvertisementLimits.maxEncodedBytes),
                "\(count): \(advertisement.encodedSize)")
        }
    }
}
