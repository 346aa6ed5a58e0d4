import Foundation
import Testing

/// The permission question, Settings in F4, and Do Not Disturb, end to end in tmux.
@Suite(.serialized) struct NotificationPermissionEndToEndTests {
    static let browser = "com.example.apple-samplecode.MonkeyBrowser"

    /// One suite as device B of a fresh account.
    final class Suite {
        let fixture: BatonFixture
        let b: TmuxSession
        init() async throws {
            fixture = try await BatonFixture()
            b = try TmuxSession(command: fixture.suiteCommand("--device B"), environment: fixture.environment)
            try await b.waitFor("F4 Notifications")
            try await fixture.browserSettings(on: "B")
        }
        deinit { b.close() }

        func baton(_ arguments: [String]) throws -> String {
            try Shell.run(fixture.binary, arguments, environment: fixture.environment)
        }

        func push(title: String, aps: String = "") throws {
            let payload = """
                {"aps": {"alert": {"title": "\(title)"}, "sound": "default"\(aps)}, "url": "about:blank"}
                """
            let file = fixture.home.appendingPathComponent("push-\(UUID().uuidString).json")
            try payload.write(to: file, atomically: true, encoding: .utf8)
            _ = try baton(["push", file.path, "--app", NotificationPermissionEndToEndTests.browser, "--device", "B"])
        }

        func notify(title: String) throws -> String {
            try baton([
                "notify", "--app", NotificationPermissionEndToEndTests.browser, "--device", "B", "--title", title,
                "--in", "1s",
            ])
        }
    }

    @Test func firstRequestAsksDontAllowRefusesThenSettingsAllow() async throws {
        let suite = try await Suite()
        // MonkeyBrowser's first notification: the suite asks for it.
        try suite.push(title: "First page")
        let question = try await suite.b.waitFor("would like to send you notifications")
        #expect(question.contains("“MonkeyBrowser” would like to send you notifications"))
        #expect(question.contains("alerts, sounds and badges"))
        try suite.b.send("d")  // Don't Allow
        try await suite.b.waitFor("the question closed") { !$0.contains("would like to send") }
        #expect(try !suite.b.screen().contains("First page"))

        // Denied: `baton notify --app` fails with a clear error, and nothing is shown.
        #expect {
            _ = try suite.notify(title: "Refused")
        } throws: { error in
            "\(error)".contains("notifications are not allowed for 'com.example.apple-samplecode.MonkeyBrowser'")
                // Issue 24, item 11: the fix names the app and the device it is about.
                && "\(error)".contains(
                    "(baton notifications settings --app 'com.example.apple-samplecode.MonkeyBrowser' --device 'B' "
                        + "--allow)")
        }

        // A second request does not ask again.
        try suite.push(title: "Second page")
        try suite.b.send("F4")
        try await suite.b.waitFor("Do Not Disturb off")
        #expect(try !suite.b.screen().contains("would like to send"))

        // Settings → Allow: it works.
        try suite.b.send("s")
        try await suite.b.waitFor("Previews")
        try suite.b.send("Down")  // Baton, then MonkeyBrowser
        try suite.b.send("Space")
        try await suite.b.waitFor("MonkeyBrowser on") {
            $0.range(of: #"MonkeyBrowser +on"#, options: .regularExpression) != nil
        }
        let scheduled = try suite.notify(title: "Allowed now")
        #expect(scheduled.contains("Allowed now") || !scheduled.isEmpty)
        try await suite.b.waitFor("Allowed now")
        let status = try suite.baton(["notifications", "settings", "--app", Self.browser, "--device", "B"])
        #expect(status.contains("authorized"))
    }

    @Test func doNotDisturbHoldsABannerAndLetsATimeSensitiveOneThrough() async throws {
        let suite = try await Suite()
        _ = try suite.baton(["notifications", "settings", "--app", Self.browser, "--allow", "--device", "B"])
        let on = try suite.baton(["dnd", "on", "--for", "1h", "--device", "B"])
        #expect(on.contains("Do Not Disturb on B: on (until"))
        try await suite.b.waitFor("☾")
        try suite.push(title: "Quiet one")
        try suite.push(title: "Urgent one", aps: #", "interruption-level": "time-sensitive""#)
        let screen = try await suite.b.waitFor("Urgent one")
        #expect(!screen.contains("Quiet one") && !screen.contains("+1 more"))
        // Both are in the list.
        try suite.b.send("F4")
        let center = try await suite.b.waitFor("Notifications (2)")
        #expect(center.contains("☾ Do Not Disturb on"))
        #expect(center.contains("Urgent one") && center.contains("1 more"))
        // F4's `n` turns it off; `baton dnd status --json` agrees.
        try suite.b.send("n")
        try await suite.b.waitFor("Do Not Disturb off")
        let status = try suite.baton(["dnd", "status", "--json", "--device", "B"])
        #expect(status.contains(#""on" : false"#) || status.contains(#""on":false"#))
    }

    @Test func dndCommandRejectsBadInput() async throws {
        let fixture = try await BatonFixture()
        for arguments in [
            ["dnd", "schedule", "25:00-07:00"], ["dnd", "on", "--for", "soon"], ["dnd", "on", "--until", "noon"],
        ] {
            #expect(throws: (any Error).self) {
                try Shell.run(fixture.binary, arguments, environment: fixture.environment)
            }
        }
        let scheduled = try Shell.run(
            fixture.binary, ["dnd", "schedule", "22:00-07:00", "--device", "B"], environment: fixture.environment)
        #expect(scheduled.contains("schedule 22:00–07:00"))
    }
}
