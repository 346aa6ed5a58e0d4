import Foundation
import Testing

/// Issue 22, ntfy's click: `baton notify --url URL` from a plain shell; choosing the notification in a suite
/// (its default action) opens the page in MonkeyBrowser.
@Suite(.serialized) struct NotifyURLEndToEndTests {
    @Test func choosingTheNotificationOpensItsPageInMonkeyBrowser() async throws {
        let fixture = try await BatonFixture()
        let tmux = try TmuxSession(
            command: "env TERM=xterm-256color \(Shell.quote(fixture.binary)) --device B",
            environment: fixture.environment)
        defer { tmux.close() }
        try await tmux.waitFor("F4 Notifications")
        try tmux.send("F3")
        // A notification for every device goes to the devices known when it is posted.
        try await fixture.waitForDevice("B")
        try Shell.run(
            fixture.binary,
            ["notify", "--title", "Docs are up", "--url", "https://example.invalid/from-notify", "--sticky"],
            environment: fixture.environment)
        try await tmux.waitFor("Docs are up")
        try tmux.send("C-n")
        try tmux.send("Enter")
        try await tmux.waitFor("example.invalid/from-notify")
    }
}
