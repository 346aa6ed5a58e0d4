import APNsProvider
import APNsServer
import Crypto
import Foundation
import Notifications
import TestSupport
import Testing
import Wire

@testable import AccountService

/// Issue 39, item 5 (APNs' corners), as Apple's documentation has them: a push of a type that never shows a
/// notification (voip, complication, fileprovider, location, pushtotalk, liveactivity, widgets, controls) sent to
/// an ordinary device token reaches the app and shows nothing; every answer carries `apns-unique-id`; an
/// `AuthKey_KEYID.p8` from Apple's developer site can be imported.
@Suite(.serialized) struct APNsCornersTests {
    func delivered(_ harness: APNsHarness, id: UInt64) throws -> [DeliveredNotification] {
        guard
            case .message(.deliveredList(let list)) = try DeviceTokenTests().ask(
                harness.kitchen, .deliveredQuery(NotificationFilter(bundleIdentifier: "com.example.tea")), id: id)
        else { return [] }
        return list
    }

    @Test func nonAlertPushTypesShowNoNotification() async throws {
        let harness = try await APNsHarness()
        let token = try harness.token()
        var id: UInt64 = 10
        for type in [APNsPushType.voip, .complication, .fileprovider, .location, .pushtotalk, .widgets, .controls] {
            let response = try await harness.curl.send(
                .init(
                    path: "/3/device/\(token)",
                    headers: [
                        "apns-topic: com.example.tea\(type.topicSuffix)", "apns-push-type: \(type.rawValue)",
                        try harness.bearer(),
                    ],
                    data: #"{"aps":{"alert":"from \#(type.rawValue)"}}"#))
            #expect(response.status == 200, "\(type): \(response.body)")
            id += 1
            let titles = try delivered(harness, id: id).map(\.request.content.body)
            #expect(!titles.contains("from \(type.rawValue)"), "\(type) was shown")
        }
        // An alert push still shows.
        _ = try await harness.curl.send(
            .init(path: "/3/device/\(token)", headers: try harness.alertHeaders(), data: #"{"aps":{"alert":"shown"}}"#))
        #expect(try delivered(harness, id: 99).map(\.request.content.body).contains("shown"))
        await harness.stop()
    }

    @Test func everyAnswerCarriesAnApnsUniqueID() async throws {
        let harness = try await APNsHarness()
        let token = try harness.token()
        let accepted = try await harness.curl.send(
            .init(path: "/3/device/\(token)", headers: try harness.alertHeaders()))
        #expect(accepted.status == 200)
        let unique = try #require(accepted.headers["apns-unique-id"])
        #expect(UUID(uuidString: unique) != nil && unique == unique.lowercased())
        #expect(unique != accepted.headers["apns-id"])
        await harness.stop()
    }

    @Test func anAppleKeyFileIsImported() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("apns-import-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        // As Apple's developer site hands it out: PKCS#8 PEM, named AuthKey_KEYID.p8.
        let key = P256.Signing.PrivateKey()
        let file = home.appendingPathComponent("AuthKey_ABC123DEFG.p8")
        try Data(key.pemRepresentation.utf8).write(to: file)
        let keys = ProviderKeys(directory: home.appendingPathComponent("apns"))
        #expect(try keys.importKey(file, team: "T3AMID0001") == "ABC123DEFG")
        let token = try ProviderToken.make(keyID: "ABC123DEFG", team: "T3AMID0001", issuedAt: Date(), key: key)
        #expect(throws: Never.self) { try keys.authenticate("bearer " + token, now: Date()) }
        // Not a key, or a name that is not Apple's: refused with the fix.
        let bad = home.appendingPathComponent("AuthKey_ZZZZZZZZZZ.p8")
        try Data("not a key".utf8).write(to: bad)
        #expect(throws: ProviderKeyError.self) { try keys.importKey(bad, team: "T3AMID0001") }
        let renamed = home.appendingPathComponent("key.p8")
        try Data(key.pemRepresentation.utf8).write(to: renamed)
        #expect(throws: ProviderKeyError.self) { try keys.importKey(renamed, team: "T3AMID0001") }
        #expect(try keys.importKey(renamed, team: "T3AMID0001", keyID: "KEY2KEY2KE") == "KEY2KEY2KE")
    }
}
