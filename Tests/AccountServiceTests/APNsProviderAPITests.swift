import APNsProvider
import APNsServer
import Crypto
import Foundation
import Notifications
import TestSupport
import Testing
import Wire

@testable import AccountService

/// Issue 26 part 2: APNs' HTTP/2 provider API over TLS, asked by Debian's `curl --http2` as a provider asks
/// Apple's: 200 with `apns-id` and the push delivered as `baton push --token` delivers it, and each documented
/// refusal provoked by the request that earns it.
@Suite(.serialized) struct APNsProviderAPITests {
    @Test func aGoodPushIsAnswered200WithItsApnsIDAndDelivered() async throws {
        let harness = try await APNsHarness()
        let token = try harness.token()
        let id = "6b3f0a4e-0b5c-4bde-9c3f-2f4c8f3c1a11"
        let echoed = try await harness.curl.send(
            .init(path: "/3/device/\(token)", headers: try harness.alertHeaders() + ["apns-id: \(id)"]))
        #expect(echoed.status == 200 && echoed.headers["apns-id"] == id && echoed.body.isEmpty)
        let generated = try await harness.curl.send(
            .init(
                path: "/3/device/\(token.uppercased())",
                headers: try harness.alertHeaders() + ["apns-collapse-id: pot"],
                data: #"{"aps":{"alert":{"title":"Tea","body":"is ready"}}}"#))
        #expect(generated.status == 200)
        #expect(UUID(uuidString: generated.headers["apns-id"] ?? "") != nil)
        guard
            case .message(.deliveredList(let list)) = try DeviceTokenTests().ask(
                harness.kitchen, .deliveredQuery(NotificationFilter(bundleIdentifier: "com.example.tea")), id: 9)
        else {
            Issue.record("no delivered list")
            return await harness.stop()
        }
        #expect(Set(list.map(\.request.content.body)) == ["test", "is ready"])
        // The collapse id is the delivered request's identifier, as for `baton push --collapse-id`.
        #expect(list.contains { $0.request.identifier == "pot" })
        // Without apns-push-type, a content-available-only payload is a background push (priority 5 by default).
        let background = try await harness.curl.send(
            .init(
                path: "/3/device/\(token)", headers: ["apns-topic: com.example.tea", try harness.bearer()],
                data: #"{"aps":{"content-available":1}}"#))
        #expect(background.status == 200, "\(background.body)")
        await harness.stop()
    }

    /// Each request and the status and reason APNs documents for it.
    @Test func everyDocumentedRefusalIsProvoked() async throws {
        let harness = try await APNsHarness()
        let tea = try harness.token()
        let coffee = try harness.token(
            NotificationOwner(bundleIdentifier: "com.example.coffee", device: "kitchen"), id: 2)
        let good = try harness.alertHeaders()
        let path = "/3/device/\(tea)"
        let other = P256.Signing.PrivateKey()
        let forged = try ProviderToken.make(keyID: harness.keyID, team: APNsHarness.team, issuedAt: Date(), key: other)
        let cases: [(CurlHTTP2.Request, Int, String)] = [
            (.init(path: "/3/devices/\(tea)", headers: good), 404, "BadPath"),
            (.init(path: path, headers: good, data: nil, method: "GET"), 405, "MethodNotAllowed"),
            (.init(path: "/3/device/", headers: good), 400, "MissingDeviceToken"),
            (.init(path: "/3/device/xyz", headers: good), 400, "BadDeviceToken"),
            (.init(path: "/3/device/\(String(repeating: "ab", count: 32))", headers: good), 400, "BadDeviceToken"),
            (.init(path: path, headers: good + ["apns-topic: com.example.tea"]), 400, "DuplicateHeaders"),
            (.init(path: path, headers: Array(good.dropLast())), 403, "MissingProviderToken"),
            (
                .init(path: path, headers: Array(good.dropLast()) + ["authorization: bearer \(forged)"]), 403,
                "InvalidProviderToken"
            ),
            (
                .init(path: path, headers: Array(good.dropLast()) + [try harness.bearer(keyID: "NOSUCHKEY1")]), 403,
                "InvalidProviderToken"
            ),
            (
                .init(path: path, headers: Array(good.dropLast()) + [try harness.bearer(team: "OTHERTEAM1")]), 403,
                "InvalidProviderToken"
            ),
            (
                .init(path: path, headers: Array(good.dropLast()) + [try harness.bearer(age: 2 * 3600)]), 403,
                "ExpiredProviderToken"
            ),
            (.init(path: path, headers: good + ["apns-id: not-a-uuid"]), 400, "BadMessageId"),
            (.init(path: path, headers: Array(good.dropFirst())), 400, "MissingTopic"),
            (
                .init(
                    path: path, headers: ["apns-topic: com.example.tea", "apns-push-type: sms", try harness.bearer()]),
                400, "InvalidPushType"
            ),
            (
                .init(
                    path: path,
                    headers: ["apns-topic: com.example.tea", "apns-push-type: background", try harness.bearer()]),
                400, "InvalidPushType"
            ),
            (
                .init(
                    path: path, headers: ["apns-topic: com.example.tea", "apns-push-type: voip", try harness.bearer()]),
                400, "BadTopic"
            ),
            (
                .init(
                    path: path,
                    headers: ["apns-topic: com.apple.mgmt.External.1", "apns-push-type: mdm", try harness.bearer()]),
                400, "TopicDisallowed"
            ),
            (.init(path: path, headers: try harness.alertHeaders(topic: "com.example.tea!")), 400, "BadTopic"),
            (.init(path: path, headers: good + ["apns-priority: 7"]), 400, "BadPriority"),
            (
                .init(
                    path: path,
                    headers: [
                        "apns-topic: com.example.tea", "apns-push-type: background", "apns-priority: 10",
                        try harness.bearer(),
                    ],
                    data: #"{"aps":{"content-available":1}}"#), 400, "BadPriority"
            ),
            (.init(path: path, headers: good + ["apns-expiration: tomorrow"]), 400, "BadExpirationDate"),
            (
                .init(path: path, headers: good + ["apns-collapse-id: \(String(repeating: "c", count: 65))"]), 400,
                "BadCollapseId"
            ),
            (.init(path: path, headers: good, data: ""), 400, "PayloadEmpty"),
            (
                .init(path: path, headers: good, data: #"{"aps":{"alert":"\#(String(repeating: "x", count: 4100))"}}"#),
                413, "PayloadTooLarge"
            ),
            (.init(path: path, headers: good, data: String(repeating: "x", count: 40_000)), 413, "PayloadTooLarge"),
            (.init(path: "/3/device/\(coffee)", headers: good), 400, "DeviceTokenNotForTopic"),
        ]
        for (request, status, reason) in cases {
            let response = try await harness.curl.send(request)
            #expect(
                response.status == status && response.reason == reason, "\(reason): \(response.status) \(response.body)"
            )
            #expect(response.headers["content-type"] == "application/json")
            #expect(UUID(uuidString: response.headers["apns-id"] ?? "") != nil)
        }
        await harness.stop()
    }

    @Test func anUnregisteredTokenIs410WithTheTimestampItStoppedBeingValid() async throws {
        let harness = try await APNsHarness()
        let token = try harness.token()
        try harness.daemon.advance(by: 90)
        guard
            case .message(.done) = try DeviceTokenTests().ask(
                harness.kitchen, .unregisterForRemoteNotifications(DeviceTokenTests.teaOnKitchen), id: 5)
        else {
            Issue.record("unregister was not answered")
            return await harness.stop()
        }
        let response = try await harness.curl.send(
            .init(path: "/3/device/\(token)", headers: try harness.alertHeaders()))
        let stopped = InProcessDaemon.startDate.addingTimeInterval(90)
        #expect(response.status == 410 && response.reason == "Unregistered")
        #expect(response.timestamp == Int64(stopped.timeIntervalSince1970) * 1000)
        #expect(
            response.body == #"{"reason":"Unregistered","timestamp":\#(Int64(stopped.timeIntervalSince1970) * 1000)}"#)
        await harness.stop()
    }

    /// A second, different provider token on the same connection within 20 minutes: 429.
    @Test func changingTheProviderTokenTooOftenOnOneConnectionIs429() async throws {
        let harness = try await APNsHarness()
        let path = "/3/device/\(try harness.token())"
        let first = ["apns-topic: com.example.tea", try harness.bearer(age: 10)]
        let second = ["apns-topic: com.example.tea", try harness.bearer(age: 0)]
        let responses = try await harness.curl.send([
            .init(path: path, headers: first), .init(path: path, headers: first), .init(path: path, headers: second),
        ])
        #expect(responses.map(\.status) == [200, 200, 429])
        #expect(responses.last?.reason == "TooManyProviderTokenUpdates")
        await harness.stop()
    }

    /// No daemon behind the server: 503 ServiceUnavailable; a daemon failure that names no push reason: 500.
    @Test func noDaemonIs503AndADaemonFailureIs500() async throws {
        let harness = try await APNsHarness()
        let token = try harness.token()
        harness.stopDaemon()
        let response = try await harness.curl.send(
            .init(path: "/3/device/\(token)", headers: try harness.alertHeaders()))
        #expect(response.status == 503 && response.reason == "ServiceUnavailable")
        await harness.stop()
        let failure = APNsRejection(daemonRefusal: "the database is read-only")
        #expect(failure.status == 500 && failure.reason == "InternalServerError")
        #expect(failure.body == Data(#"{"reason":"InternalServerError"}"#.utf8))
    }
}
