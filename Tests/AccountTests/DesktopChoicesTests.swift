import Foundation
import Testing

/// Issue 22, finding 6: the D-Bus bridge (a real `dbus-daemon` and the test notification server) shows only what
/// the suite would show as a banner, escapes body text for a server that interprets markup, and keeps its
/// setting in the state directory, so a daemon started without the variable (as a suite restarts it) still
/// forwards.
@Suite(.serialized) struct DesktopChoicesTests {
    @Test func theDesktopGetsWhatTheSuiteWouldShowEscapedAndTheSettingIsKept() async throws {
        let desktop = try await FreedesktopBridgeTests.Desktop(capabilities: ["actions", "body", "body-markup"])
        defer { desktop.tearDown() }
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        harness.environment["BATON_DEVICE"] = "A"
        harness.environment["DBUS_SESSION_BUS_ADDRESS"] = desktop.address
        let on = try await harness.run(["notifications", "desktop", "on"])
        #expect(on.status == 0 && on.output.contains("desktop notifications on"), "\(on.output)")
        // The daemon's environment names neither the bus nor BATON_FREEDESKTOP_NOTIFICATIONS: the setting does.
        harness.environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        #expect(try await harness.run(["daemon", "start"]).status == 0)
        let follower = try harness.launch(["notifications", "--follow", "--json", "--device", "A"])
        let following = await follower.waitForEvent("following")
        #expect(following != nil)
        var fired = 0
        /// Schedules a notification a second ahead and waits until it was delivered (the desktop decision is
        /// made then).
        func notify(_ title: String, _ extra: [String] = []) async throws {
            let added = try await harness.run(["notify", "--title", title, "--in", "1s"] + extra)
            #expect(added.status == 0, "\(added.output)")
            let delivered = await follower.waitForEvent("delivered", skipping: fired)
            #expect(delivered?["title"] as? String == title, "\(follower.transcript)")
            fired += 1
        }

        try await notify("Markup", ["--body", "<b>bold</b> & co"])
        let markup = await desktop.server.waitForEvent("notify")
        #expect(markup?["body"] as? String == "&lt;b&gt;bold&lt;/b&gt; &amp; co", "\(desktop.server.transcript)")

        try await notify("Passive", ["--level", "passive"])
        #expect(try await harness.run(["notifications", "settings", "--alerts", "off"]).status == 0)
        try await notify("Alerts off")
        #expect(try await harness.run(["notifications", "settings", "--alerts", "on"]).status == 0)
        #expect(try await harness.run(["dnd", "on"]).status == 0)
        try await notify("Held")
        try await notify("Urgent", ["--level", "time-sensitive"])
        #expect(try await harness.run(["dnd", "off"]).status == 0)
        try await notify("Marker")
        _ = await desktop.server.waitForEvent("notify", skipping: 2)
        let shown = desktop.server.transcript.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }.filter { $0["event"] as? String == "notify" }.compactMap { $0["summary"] as? String }
        #expect(shown == ["Markup", "Urgent", "Marker"], "\(desktop.server.transcript)")

        let off = try await harness.run(["notifications", "desktop", "off", "--json"])
        #expect(off.output.contains("\"enabled\":false"), "\(off.output)")
    }
}
