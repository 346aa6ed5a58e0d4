import BatonEnvironment
import Foundation
import Notifications
import Testing
import UserNotifications

/// Issue 26, device tokens from the command line: `baton notifications tokens` lists what apps registered,
/// and `baton push --token` refuses with APNs' reasons, one line each, and the documented exit codes
/// (37 BadDeviceToken, 38 DeviceTokenNotForTopic, 39 Unregistered with APNs' 410 timestamp).
@Suite(.serialized) struct DeviceTokenCLITests {
    /// `harness`'s daemon started and the app com.example.tea connected on the device "kitchen".
    static func tea(_ harness: BatonHarness) async throws -> UserNotificationCenter {
        #expect(try await harness.run(["daemon", "start"]).status == 0)
        let paths = BatonPaths(environment: ["BATON_HOME": harness.home.path])
        return try await UserNotificationCenter.connect(
            bundleIdentifier: "com.example.tea", device: "kitchen", paths: paths)
    }

    @Test func pushByTokenRefusalsNameTheirReasonAndExitCode() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let tea = try await Self.tea(harness)
        defer { tea.close() }
        let paths = BatonPaths(environment: ["BATON_HOME": harness.home.path])
        let coffee = try await UserNotificationCenter.connect(
            bundleIdentifier: "com.example.coffee", device: "kitchen", paths: paths)
        defer { coffee.close() }
        var events = tea.events.makeAsyncIterator()
        let token = try await tea.registerForRemoteNotifications()
        #expect(await events.next() == .didRegisterForRemoteNotificationsWithDeviceToken(token))
        #expect(try await coffee.registerForRemoteNotifications() != token)

        let listed = try await harness.run(["notifications", "tokens", "--app", "com.example.tea"])
        #expect(
            listed.status == 0 && listed.output == "\(token)  com.example.tea on kitchen  valid", "\(listed.output)")
        let json = try await harness.run(["notifications", "tokens", "--json"])
        let list = try JSONDecoder.iso8601.decode([DeviceToken].self, from: Data(json.output.utf8))
        #expect(Set(list.map(\.owner.bundleIdentifier)) == ["com.example.tea", "com.example.coffee"])

        let file = harness.home.appendingPathComponent("tea.json")
        try Data(#"{"aps":{"alert":"Tea is ready"}}"#.utf8).write(to: file)
        let push = ["push", file.path, "--app", "com.example.tea"]
        let delivered = try await harness.run(push + ["--token", token])
        #expect(delivered.status == 0 && delivered.output.contains("delivered to kitchen"), "\(delivered.output)")

        let unknown = try await harness.run(push + ["--token", String(repeating: "ab", count: 32)])
        #expect(unknown.status == 37, "\(unknown.output)")
        #expect(
            unknown.output
                == "baton push: BadDeviceToken: '\(String(repeating: "ab", count: 32))' is not a device token of this account"
        )
        let coffeeToken = try await coffee.registerForRemoteNotifications()
        let other = try await harness.run(push + ["--token", coffeeToken])
        #expect(other.status == 38, "\(other.output)")
        #expect(
            other.output
                == "baton push: DeviceTokenNotForTopic: the token belongs to 'com.example.coffee', not to the payload's app 'com.example.tea'"
        )

        try await tea.unregisterForRemoteNotifications()
        let gone = try await harness.run(push + ["--token", token])
        #expect(gone.status == 39, "\(gone.output)")
        let line = try #require(
            gone.output.wholeMatch(
                of: /baton push: Unregistered: the token stopped being valid at (\S+Z) \(timestamp (\d+)\)/))
        let stopped = try #require(ISO8601DateFormatter().date(from: String(line.1)))
        let stamp = try #require(Int64(line.2))
        #expect(stamp / 1000 == Int64(stopped.timeIntervalSince1970))
        let goneJSON = try await harness.run(push + ["--token", token, "--json"])
        #expect(goneJSON.status == 39)
        #expect(
            goneJSON.output.contains(#""reason":"Unregistered""#)
                && goneJSON.output.contains(#""timestamp":\#(stamp)"#), "\(goneJSON.output)")
        let after = try await harness.run(["notifications", "tokens", "--app", "com.example.tea"])
        #expect(after.output.contains("\(token)  com.example.tea on kitchen  unregistered "), "\(after.output)")
        // Registering again gives a new token that works.
        let fresh = try await tea.registerForRemoteNotifications()
        #expect(fresh != token)
        #expect(try await harness.run(push + ["--token", fresh]).status == 0)
        // A token names its device: --device beside it is a usage error.
        #expect(try await harness.run(push + ["--token", fresh, "--device", "kitchen"]).status == 64)
        // No topic in the file and no --app: the token's own app; an unknown token is still BadDeviceToken.
        let untopical = try await harness.run(["push", file.path, "--token", fresh])
        #expect(untopical.status == 0 && untopical.output.contains("delivered to kitchen"), "\(untopical.output)")
        let nobody = try await harness.run(["push", file.path, "--token", String(repeating: "cd", count: 32)])
        #expect(nobody.status == 37 && nobody.output.hasPrefix("baton push: BadDeviceToken: "), "\(nobody.output)")
    }
}

extension JSONDecoder {
    /// A decoder for the CLI's JSON (ISO 8601 dates).
    static var iso8601: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
