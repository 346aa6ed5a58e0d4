import Foundation
import Testing

@testable import NtfyServer

/// Access control as ntfy's with `deny-all` beyond loopback: this machine needs no token; any other client is
/// refused without one (403), with one it does not know (401), and a read-only token cannot publish (403); a
/// flood from one client is 429 without taking another's requests. All on the harness's clock.
@Suite struct NtfyAccessTests {
    static let remote = "192.0.2.7"

    static func tokens() -> (NtfyTokens, reader: String, writer: String) {
        var tokens = NtfyTokens()
        let reader = tokens.add(label: "phone")
        _ = tokens.grant(reader, topic: "alerts", permission: "read-only")
        let writer = tokens.add(label: "ci")
        _ = tokens.grant(writer, topic: "ci-*", permission: "rw")
        return (tokens, reader, writer)
    }

    static func answer(
        _ harness: NtfySubscribeTests.Harness, _ method: String, _ uri: String, client: String = remote,
        headers: [(String, String)] = []
    ) async -> Int {
        let request = NtfyRequest(method: method, uri: uri, headers: headers, body: Array("x".utf8), client: client)
        guard case .body(let status, _, let data) = await harness.service.answer(request) else { return 200 }
        if status != 200 {
            let code = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["code"] as? Int
            return code ?? status
        }
        return status
    }

    static func harness() -> (NtfySubscribeTests.Harness, reader: String, writer: String) {
        let (tokens, reader, writer) = Self.tokens()
        let harness = NtfySubscribeTests.Harness(tokens: tokens)
        return (harness, reader, writer)
    }

    @Test func beyondLoopbackNothingWithoutAToken() async {
        let (harness, _, _) = Self.harness()
        #expect(await Self.answer(harness, "POST", "/alerts") == 40301)
        #expect(await Self.answer(harness, "GET", "/alerts/json?poll=1") == 40301)
        #expect(await Self.answer(harness, "POST", "/alerts", client: "127.0.0.1") == 200)
        #expect(await Self.answer(harness, "POST", "/alerts", client: "::1") == 200)
        #expect(await Self.answer(harness, "POST", "/alerts", headers: [("Authorization", "Bearer tk_nope")]) == 40101)
        #expect(harness.sink.adds.withLock { $0.count } == 2)
    }

    @Test func aReadOnlyTokenReadsAndCannotPublish() async {
        let (harness, reader, _) = Self.harness()
        let bearer = [("Authorization", "Bearer \(reader)")]
        #expect(await Self.answer(harness, "GET", "/alerts/json?poll=1", headers: bearer) == 200)
        #expect(await Self.answer(harness, "GET", "/alerts/auth", headers: bearer) == 200)
        #expect(await Self.answer(harness, "POST", "/alerts", headers: bearer) == 40301)
        #expect(await Self.answer(harness, "GET", "/other/json?poll=1", headers: bearer) == 40301)
        #expect(await Self.answer(harness, "GET", "/alerts,other/json?poll=1", headers: bearer) == 40301)
    }

    @Test func basicAuthAndTheAuthParameterCarryTheTokenToo() async {
        let (harness, _, writer) = Self.harness()
        let basic = Data(":\(writer)".utf8).base64EncodedString()
        #expect(await Self.answer(harness, "POST", "/ci-builds", headers: [("Authorization", "Basic \(basic)")]) == 200)
        let auth = Data("Bearer \(writer)".utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        #expect(await Self.answer(harness, "POST", "/ci-deploys?auth=\(auth)") == 200)
        #expect(await Self.answer(harness, "POST", "/alerts?auth=\(auth)") == 40301)
        #expect(await Self.answer(harness, "POST", "/ci-x?auth=%%%") == 40101)
    }

    @Test func aFloodFromOneClientIsLimitedWithoutSlowingAnother() async {
        let harness = NtfySubscribeTests.Harness(rateLimit: NtfyRateLimit(burst: 5, refill: 5))
        var flood: [Int] = []
        for _ in 0..<8 { flood.append(await Self.answer(harness, "POST", "/a", client: "127.0.0.2")) }
        #expect(flood == Array(repeating: 200, count: 5) + Array(repeating: 42901, count: 3))
        for _ in 0..<5 { #expect(await Self.answer(harness, "POST", "/a", client: "127.0.0.3") == 200) }
        harness.clock.value.withLock { $0 += 5 }
        #expect(await Self.answer(harness, "POST", "/a", client: "127.0.0.2") == 200)
        #expect(await Self.answer(harness, "POST", "/a", client: "127.0.0.2") == 42901)
    }

    @Test func grantsAndTheirWords() {
        var (tokens, reader, _) = Self.tokens()
        #expect(tokens.entry(reader)?.grants == [NtfyTokens.Grant(topic: "alerts", read: true, write: false)])
        let denied = tokens.grant(reader, topic: "alerts", permission: "deny")
        #expect(denied)
        #expect(tokens.entry(reader)?.grants == [NtfyTokens.Grant(topic: "alerts", read: false, write: false)])
        let unknownWord = tokens.grant(reader, topic: "alerts", permission: "maybe")
        let unknownToken = tokens.grant("tk_unknown", topic: "alerts", permission: "rw")
        #expect(!unknownWord && !unknownToken)
        #expect(reader.hasPrefix("tk_") && reader.count == 32)
    }
}
