import Foundation
import Testing

/// Issue 39, item 1, with Debian's real `notify-send` and the suite in tmux: a program nobody allowed posts,
/// and its banner shows at once, titled with the program's name; F4's Settings lists it, on.
@Suite(.serialized) struct FreedesktopFirstNotificationEndToEndTests {
    @Test func aProgramsFirstNotificationShowsWhileASuiteIsOpen() async throws {
        let server = try await FreedesktopServerFixture()
        defer { server.close() }
        let suite = try TmuxSession(command: server.fixture.suiteCommand("--device B"), environment: server.environment)
        defer { suite.close() }
        try await suite.waitFor("F4 Notifications")
        try server.run(["/usr/bin/notify-send", "-a", "Build Bot", "first ever"])
        let screen = try await suite.waitFor("first ever")
        #expect(screen.contains("Build Bot"), "\(screen)")
        #expect(!screen.contains("org.freedesktop.Build-Bot"), "\(screen)")
        try suite.send("F4")
        try await suite.waitFor("s Settings")
        try suite.send("s")
        let settings = try await suite.waitFor("Previews")
        let row = settings.split(separator: "\n").first { $0.contains("Build Bot") }.map(String.init) ?? ""
        #expect(row.contains(" on "), "\(settings)")
    }
}
