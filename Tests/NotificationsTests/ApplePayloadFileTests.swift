import Foundation
import Notifications
import Testing

/// Apple's documented example payloads ("Generating a remote notification", "Testing notifications using
/// the Simulator"), read from files as `baton push FILE` reads them.
@Suite struct ApplePayloadFileTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Payloads", isDirectory: true)

    func parse(_ name: String, _ options: PushOptions = PushOptions()) throws -> PushNotification {
        try PushPayload.parse(Data(contentsOf: Self.directory.appendingPathComponent(name)), options: options)
    }

    @Test func simulatorExample() throws {
        let push = try parse("simulator-example.apns")
        #expect(push.bundleIdentifier == "com.example.apple-samplecode.MonkeyBrowser")
        #expect(push.content.body == "Push Notifications Test")
        #expect(push.content.badge == 1)
        #expect(push.content.sound == .default)
        #expect(push.kind == .alert)
    }

    @Test func gameRequestWithCategoryAndCustomKey() throws {
        let push = try parse("game-request.apns")
        #expect(push.content.title == "Game Request")
        #expect(push.content.subtitle == "Five Card Draw")
        #expect(push.content.categoryIdentifier == "GAME_INVITATION")
        #expect(push.content.userInfo == ["gameID": .string("12345678")])
    }

    @Test func localizedThroughTheAppsStrings() throws {
        let strings = LocalizedStrings(table: [
            "GAME_PLAY_REQUEST_FORMAT": "%@ and %@ have invited you to play Monopoly"
        ])
        let push = try parse("localized.apns", PushOptions(strings: strings))
        #expect(push.content.body == "Shelly and Rick have invited you to play Monopoly")
    }

    @Test func backgroundUpdate() throws {
        let push = try parse("background.apns")
        #expect(push.kind == .background)
        #expect(push.priority == 5)
        #expect(push.content.userInfo == ["acme1": .string("bar"), "acme2": .int(42)])
    }

    @Test func plainJSONNeedsAnApp() throws {
        #expect(
            throws: PushError(
                .missingTopic, "no app: pass --app BUNDLE or put \"Simulator Target Bundle\" in the payload")
        ) {
            try parse("badge-sound.json")
        }
        let push = try parse("badge-sound.json", PushOptions(app: "com.example.apple-samplecode.MonkeyBrowser"))
        #expect(push.content.badge == 9)
        #expect(push.content.sound == .named("bingbong.aiff"))
    }
}
