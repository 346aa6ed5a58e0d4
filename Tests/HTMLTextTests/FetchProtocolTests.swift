import Foundation
import Testing

@testable import PageLoading

/// The `baton-fetch` reply format as pure logic: frames in, an outcome or a refusal out.
@Suite struct FetchProtocolTests {
    static let url = URL(string: "http://a.example/page")!
    static let head = FetchHead(url: url, status: 200, contentType: "text/html; charset=utf-8")

    /// Encodes `frames` and feeds them to a decoder `chunk` bytes at a time.
    static func decode(_ frames: [FetchFrame], limit: Int = 1 << 20, chunk: Int = 7) throws
        -> FetchReplyDecoder
    {
        try decode(bytes: frames.flatMap { try $0.encoded() }, limit: limit, chunk: chunk)
    }

    static func decode(bytes: [UInt8], limit: Int = 1 << 20, chunk: Int = 7) throws -> FetchReplyDecoder {
        var decoder = FetchReplyDecoder(limit: limit)
        for start in stride(from: 0, to: bytes.count, by: chunk) {
            try decoder.append(bytes[start..<min(start + chunk, bytes.count)])
        }
        return decoder
    }

    /// A frame with any kind byte and payload, as a broken child might send it.
    static func rawFrame(_ kind: Character, _ payload: [UInt8], length: Int? = nil) -> [UInt8] {
        let length = UInt32(length ?? payload.count)
        return [kind.asciiValue ?? 0]
            + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) } + payload
    }

    @Test func aPageArrivesInAnyChunks() throws {
        let body = (0..<150_000).map { UInt8(truncatingIfNeeded: $0) }
        for chunk in [1, 7, 5000, 1 << 20] {
            let decoder = try Self.decode([.head(Self.head), .data(body), .end(truncated: false)], chunk: chunk)
            #expect(try decoder.finish() == .page(Self.head, body: body, truncated: false))
        }
    }

    @Test func longDataIsSplitIntoFramesOfTheMaximum() throws {
        let wire = try FetchFrame.data([UInt8](repeating: 1, count: FetchProtocol.maximumDataLength * 2 + 1)).encoded()
        #expect(wire.count == FetchProtocol.maximumDataLength * 2 + 1 + 3 * 5)
        #expect(try FetchFrame.data([]).encoded().isEmpty)
    }

    @Test func failuresEndTheReplyBeforeOrDuringTheBody() throws {
        let error = PageLoadError.unreachableHost(host: "a.example", reason: "connection refused")
        #expect(try Self.decode([.failure(error)]).finish() == .failed(error))
        let midBody = try Self.decode([.head(Self.head), .data([1, 2, 3]), .failure(.timedOut(Self.url))])
        #expect(try midBody.finish() == .failed(.timedOut(Self.url)))
    }

    @Test func everyErrorSurvivesTheWire() throws {
        let errors: [PageLoadError] = [
            .invalidURL("x y"), .unsupportedScheme("gopher"), .unreachableHost(host: "h", reason: "r"),
            .timedOut(Self.url), .tooManyRedirects(Self.url),
            .binaryContent(contentType: "image/png", url: Self.url), .fileNotFound("/f"),
            .fileUnreadable(path: "/f", reason: "r"), .unknownAboutPage("x"), .network(url: Self.url, reason: "r"),
            .fetcherMissing("/bin/baton-fetch"), .cancelled,
        ]
        for error in errors {
            #expect(try Self.decode([.failure(error)]).finish() == .failed(error))
        }
    }

    @Test func aTruncatedStreamIsIncomplete() throws {
        #expect(throws: FetchReplyDecoder.Violation.incomplete(sent: "nothing came")) {
            try Self.decode([]).finish()
        }
        let head = try FetchFrame.head(Self.head).encoded()
        #expect(throws: FetchReplyDecoder.Violation.incomplete(sent: "part of a frame came")) {
            try Self.decode(bytes: Array(head.dropLast())).finish()
        }
        #expect(throws: FetchReplyDecoder.Violation.incomplete(sent: "a head and 3 bytes of body came")) {
            try Self.decode([.head(Self.head), .data([1, 2, 3])]).finish()
        }
    }

    @Test func malformedFramesAreRefused() throws {
        let head = try FetchFrame.head(Self.head).encoded()
        let end = try FetchFrame.end(truncated: false).encoded()
        let cases: [([UInt8], FetchReplyDecoder.Violation)] = [
            (Array("GET / HTTP/1.1\r\n".utf8), .unknownKind(UInt8(ascii: "G"))),
            (Self.rawFrame("H", Array("{not json".utf8)), .malformedJSON(kind: "head")),
            (Self.rawFrame("H", Array(#"{"version":1}"#.utf8)), .malformedJSON(kind: "head")),
            (Self.rawFrame("H", Array(#"{"version":2,"x":1}"#.utf8)), .unsupportedVersion(2)),
            (
                Self.rawFrame("F", Array(#"{"version":1,"error":{"case":"nope"}}"#.utf8)),
                .malformedJSON(kind: "failure")
            ),
            (
                Self.rawFrame("H", Array(#"{"version":1,"url":"http://a.example/","status":42}"#.utf8)),
                .invalidHead("the status 42")
            ),
            (Self.rawFrame("H", [], length: 1 << 30), .oversizedFrame(kind: "head", length: 1 << 30)),
            (head + Self.rawFrame("D", [], length: 1 << 20), .oversizedFrame(kind: "data", length: 1 << 20)),
            (Self.rawFrame("D", [1]), .unexpectedFrame(kind: "data", state: "before the head")),
            (end, .unexpectedFrame(kind: "end", state: "before the head")),
            (head + head, .unexpectedFrame(kind: "head", state: "after the head")),
            (head + Self.rawFrame("D", []), .emptyData),
            (head + end + [0], .bytesAfterReply),
            (head + end + head, .bytesAfterReply),
        ]
        for (bytes, violation) in cases {
            #expect(throws: violation) { try Self.decode(bytes: bytes, chunk: 3) }
        }
    }

    @Test func theBodyIsCutAtTheLimitOnThisSideToo() throws {
        // The child should cut at the limit itself; one that does not is cut here.
        var decoder = try Self.decode([.head(Self.head), .data(Array(repeating: 7, count: 25))], limit: 10)
        #expect(decoder.cutHere)
        #expect(try decoder.finish() == .page(Self.head, body: Array(repeating: 7, count: 10), truncated: true))
        try decoder.append(Array(repeating: 0, count: 100))
        let honest = try Self.decode(
            [.head(Self.head), .data(Array(repeating: 7, count: 10)), .end(truncated: true)], limit: 10)
        #expect(!honest.cutHere)
        #expect(try honest.finish() == .page(Self.head, body: Array(repeating: 7, count: 10), truncated: true))
    }

    @Test func requestsTravelAsThreeArguments() throws {
        let request = FetchRequest(url: Self.url, timeout: 2.5, limit: 1000)
        #expect(FetchRequest(arguments: request.arguments) == request)
        for arguments in [
            [], ["http://a.example/"], ["file:///etc/passwd", "20", "10"], ["http://a.example/", "0", "10"],
            ["http://a.example/", "20", "-1"], ["http://a.example/", "nan", "10"], ["http://a.example/", "20", "x"],
        ] {
            #expect(FetchRequest(arguments: arguments) == nil, "\(arguments)")
        }
    }
}
