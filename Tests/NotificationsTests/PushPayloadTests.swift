import Foundation
import Notifications
import Testing
import Wire

@Suite struct PushPayloadTests {
    func parse(_ text: String, _ options: PushOptions = PushOptions(app: "com.example.app")) throws(PushError)
        -> PushNotification
    {
        try PushPayload.parse(Data(text.utf8), options: options)
    }

    /// One bad payload, the reason it must be refused with, and a fragment the message must contain.
    struct Bad: CustomTestStringConvertible, Sendable {
        var payload: String
        var reason: PushReason
        var mentions: String
        var options = PushOptions(app: "com.example.app")
        var testDescription: String { "\(reason.rawValue): \(payload.prefix(60))" }
    }

    static let bad: [Bad] = [
        Bad(payload: "", reason: .payloadEmpty, mentions: "empty"),
        Bad(payload: "  \n\t ", reason: .payloadEmpty, mentions: "empty"),
        Bad(
            payload: #"{"aps":{"alert":""# + String(repeating: "x", count: 4100) + #""}}"#, reason: .payloadTooLarge,
            mentions: "4096"),
        Bad(payload: #"{"aps": {"alert": "hi"}"#, reason: .badPayload, mentions: "byte offset"),
        Bad(payload: #"{"aps" {"alert": "hi"}}"#, reason: .badPayload, mentions: "byte offset 7"),
        Bad(payload: #"{"aps": {"badge": tru}}"#, reason: .badPayload, mentions: "byte offset 21"),
        Bad(payload: "not json", reason: .badPayload, mentions: "byte offset 1"),
        // Offsets count bytes: "ą" is two.
        Bad(payload: #"{"ą": x}"#, reason: .badPayload, mentions: "byte offset 7"),
        Bad(payload: #"["aps"]"#, reason: .badPayload, mentions: "JSON object"),
        Bad(payload: #""aps""#, reason: .badPayload, mentions: "JSON object"),
        Bad(payload: #"{"alert": "hi"}"#, reason: .badAps, mentions: "no \"aps\""),
        Bad(payload: #"{"aps": "hi"}"#, reason: .badAps, mentions: "\"aps\" must be a dictionary"),
        Bad(payload: #"{"aps": [1]}"#, reason: .badAps, mentions: "an array"),
        Bad(payload: #"{"aps": {}}"#, reason: .badAps, mentions: "nothing to deliver"),
        Bad(payload: #"{"aps": {"alert": 5}}"#, reason: .badAlert, mentions: "aps.alert must be"),
        Bad(payload: #"{"aps": {"alert": ["a"]}}"#, reason: .badAlert, mentions: "an array"),
        Bad(payload: #"{"aps": {"alert": {"title": 1}}}"#, reason: .badAlert, mentions: "aps.alert.title"),
        Bad(payload: #"{"aps": {"alert": {"body": {"x": 1}}}}"#, reason: .badAlert, mentions: "aps.alert.body"),
        Bad(
            payload: #"{"aps": {"alert": {"loc-key": "K", "loc-args": "a"}}}"#, reason: .badAlert,
            mentions: "aps.alert.loc-args"),
        Bad(
            payload: #"{"aps": {"alert": {"title-loc-key": "K", "title-loc-args": [null]}}}"#, reason: .badAlert,
            mentions: "aps.alert.title-loc-args[0]"),
        Bad(payload: #"{"aps": {"badge": "3"}}"#, reason: .badBadge, mentions: "aps.badge"),
        Bad(payload: #"{"aps": {"badge": 1.5}}"#, reason: .badBadge, mentions: "1.5"),
        Bad(payload: #"{"aps": {"badge": -1}}"#, reason: .badBadge, mentions: "non-negative"),
        Bad(payload: #"{"aps": {"badge": true}}"#, reason: .badBadge, mentions: "true"),
        Bad(payload: #"{"aps": {"sound": 7}}"#, reason: .badSound, mentions: "aps.sound"),
        Bad(payload: #"{"aps": {"sound": {"critical": 1, "volume": 3}}}"#, reason: .badSound, mentions: "volume"),
        Bad(payload: #"{"aps": {"sound": {"critical": "yes", "name": "a"}}}"#, reason: .badSound, mentions: "critical"),
        Bad(payload: #"{"aps": {"sound": {"volume": 0.5}}}"#, reason: .badSound, mentions: "name"),
        Bad(
            payload: #"{"aps": {"alert": "a", "interruption-level": "urgent"}}"#, reason: .badInterruptionLevel,
            mentions: "\"urgent\""),
        Bad(payload: #"{"aps": {"alert": "a", "relevance-score": 2}}"#, reason: .badRelevanceScore, mentions: "2"),
        Bad(
            payload: #"{"aps": {"alert": "a", "relevance-score": "high"}}"#, reason: .badRelevanceScore,
            mentions: "high"),
        Bad(payload: #"{"aps": {"alert": "a", "thread-id": 4}}"#, reason: .badApsValue, mentions: "aps.thread-id"),
        Bad(payload: #"{"aps": {"alert": "a", "category": ["x"]}}"#, reason: .badApsValue, mentions: "aps.category"),
        Bad(payload: #"{"aps": {"content-available": 2}}"#, reason: .badApsValue, mentions: "aps.content-available"),
        Bad(
            payload: #"{"aps": {"alert": "a", "mutable-content": true}}"#, reason: .badApsValue,
            mentions: "mutable-content"),
        Bad(
            payload: #"{"aps": {"alert": "a", "target-content-id": 1}}"#, reason: .badApsValue,
            mentions: "target-content-id"),
        Bad(
            payload: #"{"aps": {"alert": "a", "filter-criteria": {}}}"#, reason: .badApsValue,
            mentions: "filter-criteria"),
        Bad(payload: #"{"aps": {"alert": "a"}, "extra": null}"#, reason: .badUserInfo, mentions: "\"extra\""),
        Bad(payload: #"{"aps": {"alert": "a"}, "deep": {"x": [null]}}"#, reason: .badUserInfo, mentions: "\"deep\""),
        Bad(payload: #"{"aps": {"alert": "a"}}"#, reason: .missingTopic, mentions: "--app", options: PushOptions()),
        Bad(
            payload: #"{"Simulator Target Bundle": 12, "aps": {"alert": "a"}}"#, reason: .badTopic,
            mentions: "Simulator Target Bundle", options: PushOptions()),
        Bad(
            payload: #"{"aps": {"alert": "a"}}"#, reason: .badTopic, mentions: "not a bundle",
            options: PushOptions(app: "com example")),
        Bad(
            payload: #"{"aps": {"alert": "a"}}"#, reason: .badCollapseId, mentions: "65 bytes",
            options: PushOptions(app: "a.b", collapseID: String(repeating: "c", count: 65))),
        Bad(
            payload: #"{"aps": {"alert": "a"}}"#, reason: .badCollapseId, mentions: "empty",
            options: PushOptions(app: "a.b", collapseID: "")),
        Bad(
            payload: #"{"aps": {"alert": "a"}}"#, reason: .badPriority, mentions: "'7'",
            options: PushOptions(app: "a.b", priority: "7")),
        Bad(
            payload: #"{"aps": {"alert": "a"}}"#, reason: .badPriority, mentions: "high",
            options: PushOptions(app: "a.b", priority: "high")),
        Bad(
            payload: #"{"aps": {"alert": "a"}}"#, reason: .badExpirationDate, mentions: "tomorrow",
            options: PushOptions(app: "a.b", expiration: "tomorrow")),
        Bad(
            payload: #"{"aps": {"alert": "a"}}"#, reason: .badExpirationDate, mentions: "-5",
            options: PushOptions(app: "a.b", expiration: "-5")),
    ]

    @Test(arguments: bad) func badPayloadIsRefusedWithItsReason(_ bad: Bad) {
        do {
            let parsed = try PushPayload.parse(Data(bad.payload.utf8), options: bad.options)
            Issue.record("accepted: \(parsed)")
        } catch {
            #expect(error.reason == bad.reason, "\(error)")
            #expect(error.description.hasPrefix(bad.reason.rawValue + ": "))
            #expect(error.description.contains(bad.mentions), "\(error)")
            #expect(!error.description.contains("\n"))
            #expect(error.exitCode == bad.reason.exitCode)
        }
    }

    @Test func theTableCoversAtLeast25PayloadsAndEveryPayloadReason() {
        #expect(Self.bad.count >= 25)
        let covered = Set(Self.bad.map(\.reason))
        let daemonOnly: Set<PushReason> = [.badDeviceToken, .badLocalization, .deviceTokenNotForTopic, .unregistered]
        #expect(Set(PushReason.allCases).subtracting(covered).subtracting(daemonOnly).isEmpty)
    }

    @Test func aRefusalEncodesAsItsReasonForJSONOutput() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = try encoder.encode(PushError(.badBadge, "aps.badge must be a non-negative integer, not -1"))
        #expect(
            String(decoding: json, as: UTF8.self)
                == #"{"detail":"aps.badge must be a non-negative integer, not -1","reason":"BadBadge"}"#)
    }

    @Test func exitCodesAreStableAndDistinct() {
        #expect(PushReason.payloadEmpty.exitCode == 20)
        #expect(PushReason.payloadTooLarge.exitCode == 21)
        #expect(PushReason.badPayload.exitCode == 22)
        #expect(PushReason.badDeviceToken.exitCode == 37)
        #expect(PushReason.deviceTokenNotForTopic.exitCode == 38)
        #expect(PushReason.unregistered.exitCode == 39)
        #expect(Set(PushReason.allCases.map(\.exitCode)).count == PushReason.allCases.count)
    }

    @Test func hostileTextIsEscapedIntoOneLine() {
        let cases: [(String, PushOptions)] = [
            (#"{"aps": {"alert": "a"}}"#, PushOptions(app: "com.evil\n\u{1B}[2J")),
            (#"{"aps": {"alert": "a"}}"#, PushOptions(app: "a.b", priority: "1\n0")),
            (#"{"aps": {"alert": "a"}}"#, PushOptions(app: "a.b", expiration: "soon\r\nFAKE LOG LINE")),
            (#"{"aps": {"badge": "3\n4"}}"#, PushOptions(app: "a.b")),
            (#"{"aps": {"alert": "a"}, "bad\nkey": null}"#, PushOptions(app: "a.b")),
            (
                #"{"aps": {"alert": "a", "interruption-level": "\#(String(repeating: "x", count: 500))"}}"#,
                PushOptions(app: "a.b")
            ),
        ]
        for (payload, options) in cases {
            do {
                _ = try PushPayload.parse(Data(payload.utf8), options: options)
                Issue.record("accepted \(payload)")
            } catch {
                #expect(!error.description.contains("\n") && !error.description.contains("\r"), "\(error)")
                #expect(!error.description.contains("\u{1B}"))
                #expect(error.description.utf8.count < 300)
            }
        }
    }

    @Test func exactly4096BytesIsAccepted() throws {
        let prefix = #"{"aps":{"alert":""#
        let suffix = #""}}"#
        let text = prefix + String(repeating: "y", count: 4096 - prefix.utf8.count - suffix.utf8.count) + suffix
        #expect(text.utf8.count == 4096)
        #expect(try parse(text).content.body.count > 4000)
    }

    // Apple's "Generating a remote notification" examples.

    @Test func applesSimpleAlert() throws {
        let push = try parse(
            #"{"aps" : {"alert" : {"title" : "Game Request", "subtitle" : "Five Card Draw", "body" : "Bob wants to play poker"}, "category" : "GAME_INVITATION"}, "gameID" : "12345678"}"#
        )
        #expect(push.content.title == "Game Request")
        #expect(push.content.subtitle == "Five Card Draw")
        #expect(push.content.body == "Bob wants to play poker")
        #expect(push.content.categoryIdentifier == "GAME_INVITATION")
        #expect(push.content.userInfo == ["gameID": .string("12345678")])
        #expect(push.kind == .alert)
        #expect(push.priority == 10)
        #expect(!push.needsServiceExtension)
    }

    @Test func applesBadgeAndSound() throws {
        let push = try parse(
            #"{"aps" : {"alert" : {"title" : "Game Request", "body" : "Bob wants to play poker"}, "badge" : 9, "sound" : "bingbong.aiff"}, "messageID" : "ABCDEFGHIJ"}"#
        )
        #expect(push.content.badge == 9)
        #expect(push.content.sound == .named("bingbong.aiff"))
        #expect(push.content.userInfo["messageID"] == .string("ABCDEFGHIJ"))
    }

    @Test func applesLocalizedAlert() throws {
        let text = #"{"aps" : {"alert" : {"loc-key" : "GAME_PLAY_REQUEST_FORMAT", "loc-args" : [ "Shelly", "Rick"]}}}"#
        let withStrings = try parse(
            text,
            PushOptions(
                app: "com.example.app",
                strings: LocalizedStrings(table: [
                    "GAME_PLAY_REQUEST_FORMAT": "%@ and %@ have invited you to play Monopoly"
                ])))
        #expect(withStrings.content.body == "Shelly and Rick have invited you to play Monopoly")
        let without = try parse(text)
        #expect(without.content.body == "GAME_PLAY_REQUEST_FORMAT")
        let positional = try parse(
            #"{"aps": {"alert": {"title-loc-key": "%2$@ invited %1$@ (100%%)", "title-loc-args": ["Ann", "Bo"], "subtitle-loc-key": "S %@", "subtitle-loc-args": ["x"]}}}"#
        )
        #expect(positional.content.title == "Bo invited Ann (100%)")
        #expect(positional.content.subtitle == "S x")
    }

    @Test func applesBackgroundUpdate() throws {
        let push = try parse(#"{"aps" : {"content-available" : 1}, "acme1" : "bar", "acme2" : 42}"#)
        #expect(push.kind == .background)
        #expect(push.contentAvailable)
        #expect(push.priority == 5)
        #expect(push.content.userInfo == ["acme1": .string("bar"), "acme2": .int(42)])
        #expect(!push.needsServiceExtension)
    }

    @Test func applesCriticalAlertSound() throws {
        let push = try parse(
            #"{"aps" : {"alert": "Smoke detected", "sound" : {"critical": 1, "name": "alarm.caf", "volume": 0.75}, "interruption-level": "critical"}}"#
        )
        #expect(push.content.sound == .critical(name: "alarm.caf", volume: 0.75))
        #expect(push.content.interruptionLevel == .critical)
        #expect(push.content.body == "Smoke detected")
    }

    /// The example file from "Testing notifications using the Simulator" (Xcode 11.4 release notes).
    @Test func applesSimulatorFile() throws {
        let text = """
            {
                "Simulator Target Bundle": "com.example.apple-samplecode.MonkeyBrowser",
                "aps": {
                    "alert": "Push Notifications Test",
                    "sound": "default",
                    "badge": 1
                }
            }
            """
        let push = try PushPayload.parse(Data(text.utf8))
        #expect(push.bundleIdentifier == "com.example.apple-samplecode.MonkeyBrowser")
        #expect(push.content.body == "Push Notifications Test")
        #expect(push.content.sound == .default)
        #expect(push.content.badge == 1)
        #expect(push.content.userInfo.isEmpty)
        let overridden = try PushPayload.parse(Data(text.utf8), options: PushOptions(app: "com.baton.cli"))
        #expect(overridden.bundleIdentifier == "com.baton.cli")
    }

    @Test func everyApsFieldIsRead() throws {
        let push = try parse(
            #"{"aps": {"alert": {"title": "T", "body": "B", "summary-arg": "Ann"}, "thread-id": "chat-7", "category": "MSG", "mutable-content": 1, "content-available": 1, "interruption-level": "time-sensitive", "relevance-score": 0.25, "target-content-id": "room-7", "filter-criteria": "work", "sound": {"name": "ping.caf"}}, "n": 1.5, "flag": true, "list": [1, "two"]}"#,
            PushOptions(app: "com.example.app", collapseID: "chat-7", priority: "5", expiration: "0"))
        #expect(push.content.threadIdentifier == "chat-7")
        #expect(push.content.categoryIdentifier == "MSG")
        #expect(push.content.summaryArgument == "Ann")
        #expect(push.content.interruptionLevel == .timeSensitive)
        #expect(push.content.relevanceScore == 0.25)
        #expect(push.content.targetContentIdentifier == "room-7")
        #expect(push.content.sound == .named("ping.caf"))
        #expect(push.filterCriteria == "work")
        #expect(push.mutableContent && push.contentAvailable)
        #expect(push.kind == .alert)
        #expect(push.needsServiceExtension)
        #expect(push.collapseID == "chat-7")
        #expect(push.priority == 5)
        #expect(push.expiration == .immediately)
        #expect(
            push.content.userInfo == [
                "n": .double(1.5), "flag": .bool(true), "list": .array([.int(1), .string("two")]),
            ])
        #expect(push.request().identifier == "chat-7")
        #expect(push.request().trigger == .push)
    }

    @Test func serviceExtensionsRunOnlyForMutableAlerts() throws {
        #expect(try parse(#"{"aps": {"alert": "a", "mutable-content": 1}}"#).needsServiceExtension)
        #expect(!(try parse(#"{"aps": {"content-available": 1, "mutable-content": 1}}"#).needsServiceExtension))
        let soundOnly = try parse(#"{"aps": {"sound": "default", "mutable-content": 1}}"#)
        #expect(soundOnly.kind == .silent)
        #expect(!soundOnly.needsServiceExtension)
        #expect(!(try parse(#"{"aps": {"badge": 0, "mutable-content": 1}}"#).needsServiceExtension))
        #expect(!(try parse(#"{"aps": {"alert": {}, "badge": 2, "mutable-content": 1}}"#).needsServiceExtension))
    }

    @Test func expirationForms() throws {
        let text = #"{"aps": {"alert": "a"}}"#
        #expect(try parse(text).expiration == PushExpiration.never)
        #expect(
            try parse(text, PushOptions(app: "a.b", expiration: "4102444800")).expiration
                == .at(instant("2100-01-01T00:00:00Z")))
        #expect(
            try parse(text, PushOptions(app: "a.b", expiration: "2100-01-01T00:00:00Z")).expiration
                == .at(instant("2100-01-01T00:00:00Z")))
        #expect(try parse(text, PushOptions(app: "a.b", expiration: "2001-01-01T00:00:00Z")).expiration == .immediately)
        // Compared with the caller's clock, not the system's.
        let then = instant("2000-01-01T00:00:00Z")
        #expect(
            try parse(text, PushOptions(app: "a.b", expiration: "2001-01-01T00:00:00Z", now: then)).expiration
                == .at(instant("2001-01-01T00:00:00Z")))
    }

    @Test func stringsFilesAreReadWithPropertyListSerialization() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "Localizable-\(UUID().uuidString).strings")
        try Data(
            """
            /* A comment */
            "GAME_PLAY_REQUEST_FORMAT" = "%@ and %@ have invited you to play Monopoly";
            "TITLE" = "Zaproszenie: %1$@";
            """.utf8
        ).write(to: file)
        let strings = try LocalizedStrings(contentsOf: file)
        #expect(strings.resolve(key: "TITLE", arguments: ["Ola"]) == "Zaproszenie: Ola")
        #expect(strings.resolve(key: "MISSING %@", arguments: ["x"]) == "MISSING x")
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("Bad-\(UUID().uuidString).strings")
        try Data(#""unterminated = "#.utf8).write(to: bad)
        #expect(throws: PushError.self) { try LocalizedStrings(contentsOf: bad) }
        let missing = URL(fileURLWithPath: "/nonexistent/Localizable.strings")
        do {
            _ = try LocalizedStrings(contentsOf: missing)
            Issue.record("a missing file was read")
        } catch {
            #expect(error.reason == .badLocalization)
        }
    }

    @Test func substitutionNeverCrashesOnMissingArguments() {
        #expect(LocalizedStrings.substitute([], into: "%@ and %2$@ and %") == " and  and %")
        #expect(LocalizedStrings.substitute(["a", "b"], into: "%d %@ %1$@") == "%d a a")
    }
}
