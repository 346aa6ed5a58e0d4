import Foundation
import Testing

/// Do Not Disturb for the whole account (`baton dnd on|off --account`): every device's suite shows the moon
/// and holds banners while the list still fills; off again, banners show.
@Suite(.serialized) struct AccountDoNotDisturbEndToEndTests {
    @Test func accountWideDoNotDisturbHoldsBannersOnEveryDevice() async throws {
        let devices = try await TwoDevices()
        defer { devices.close() }
        try await devices.allowBrowserOnBoth()
        let fixture = devices.fixture
        let on = try Shell.run(fixture.binary, ["dnd", "on", "--account"], environment: fixture.environment)
        #expect(on.contains("Do Not Disturb on the account: on"))
        let status = try Shell.run(
            fixture.binary, ["dnd", "status", "--account", "--json"], environment: fixture.environment)
        #expect(status.contains(#""scope" : "account""#) && status.contains(#""on" : true"#), "\(status)")
        try await devices.a.waitFor("☾")
        try await devices.b.waitFor("☾")

        try devices.pushToEveryDevice(#"{"aps": {"alert": {"title": "Quiet one", "body": "x"}}, "url": "about:blank"}"#)
        // Held on both: in the list, never as a banner.
        try await devices.onBoth(send: "F4", thenWaitFor: "Notifications (1)")
        try await devices.onBoth(send: "F1", thenWaitFor: "Weather")
        #expect(try !devices.a.screen().contains("Quiet one"))
        #expect(try !devices.b.screen().contains("Quiet one"))

        // Off for the account: the moon goes and the next push is a banner again.
        let off = try Shell.run(fixture.binary, ["dnd", "off", "--account"], environment: fixture.environment)
        #expect(off.contains("Do Not Disturb on the account: off"))
        try await devices.b.waitFor("moon gone") { !$0.contains("☾") }
        try devices.pushToEveryDevice(#"{"aps": {"alert": {"title": "Loud one", "body": "x"}}, "url": "about:blank"}"#)
        try await devices.b.waitFor("Loud one")
        try await devices.a.waitFor("Loud one")
    }
}
