import APNsProvider
import APNsServer
import Foundation
import Notifications
import TestSupport
import Testing

@testable import AccountService

/// Issue 26: the provider API's limits, each provoked by the request that passes it: 429 TooManyRequests for
/// one device token's pushes over the per-token limit, and VoIP's 5120-byte payload beside 4096 for the rest.
@Suite(.serialized) struct APNsProviderLimitsTests {
    /// A limit of 2 pushes an hour per token: the third to the same token is 429, another token still takes one.
    @Test func tooManyPushesToOneTokenAre429TooManyRequests() async throws {
        let harness = try await APNsHarness(tokenLimit: DeviceTokenRateLimit(pushes: 2, window: 3600))
        let tea = try harness.token()
        let coffee = try harness.token(
            NotificationOwner(bundleIdentifier: "com.example.coffee", device: "kitchen"), id: 2)
        let headers = try harness.alertHeaders()
        let teaPush = CurlHTTP2.Request(path: "/3/device/\(tea)", headers: headers)
        let responses = try await harness.curl.send([teaPush, teaPush, teaPush])
        #expect(responses.map(\.status) == [200, 200, 429])
        #expect(responses.last?.reason == "TooManyRequests")
        #expect(responses.last?.body == #"{"reason":"TooManyRequests"}"#)
        let other = try await harness.curl.send(
            .init(path: "/3/device/\(coffee)", headers: try harness.alertHeaders(topic: "com.example.coffee")))
        #expect(other.status == 200, "\(other.body)")
        await harness.stop()
    }

    /// 4500 bytes: too large for an alert push, within a VoIP push's 5120; 5200 bytes is too large for either.
    @Test func voipPushesTake5120BytesAndOthers4096() async throws {
        let harness = try await APNsHarness()
        let path = "/3/device/\(try harness.token())"
        let voip = ["apns-topic: com.example.tea.voip", "apns-push-type: voip", try harness.bearer()]
        func payload(_ bytes: Int) -> String {
            let head = #"{"aps":{"alert":"call"},"caller":""#
            return head + String(repeating: "x", count: bytes - head.utf8.count - 2) + #""}"#
        }
        #expect(payload(4500).utf8.count == 4500)
        let responses = try await harness.curl.send([
            .init(path: path, headers: voip, data: payload(4500)),
            .init(path: path, headers: try harness.alertHeaders(), data: payload(4500)),
            .init(path: path, headers: voip, data: payload(5200)),
        ])
        #expect(responses.map(\.status) == [200, 413, 413], "\(responses.map(\.body))")
        #expect(responses.dropFirst().allSatisfy { $0.reason == "PayloadTooLarge" })
        await harness.stop()
    }
}
