import BatonEnvironment
import Foundation
import Notifications
import Testing
import UserNotifications

/// Issue 39, item 5: a device token can be unregistered from the command line (`baton notifications tokens
/// --unregister TOKEN`, as the app's `unregisterForRemoteNotifications()` does), so a provider's next push to it
/// is APNs' 410 Unregistered (`baton push` exit 39); an unknown token is refused.
@Suite(.serialized) struct DeviceTokenUnregisterCLITests {
    @Test func aTokenUnregisteredFromTheCommandLineIsUnregistered() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let tea = try await DeviceTokenCLITests.tea(harness)
        defer { tea.close() }
        let token = try await tea.registerForRemoteNotifications()
        let file = harness.home.appendingPathComponent("tea.json")
        try Data(#"{"aps":{"alert":"Tea is ready"}}"#.utf8).write(to: file)
        #expect(try await harness.run(["push", file.path, "--token", token]).status == 0)

        let unregistered = try await harness.run(["notifications", "tokens", "--unregister", token])
        #expect(
            unregistered.status == 0 && unregistered.output == "\(token)  com.example.tea on kitchen  unregistered",
            "\(unregistered.output)")
        let gone = try await harness.run(["push", file.path, "--token", token])
        #expect(gone.status == 39 && gone.output.hasPrefix("baton push: Unregistered: "), "\(gone.output)")
        let unknown = try await harness.run([
            "notifications", "tokens", "--unregister", String(repeating: "ab", count: 32),
        ])
        #expect(unknown.status == 67, "\(unknown.output)")
    }
}
