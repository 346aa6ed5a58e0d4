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

        // Body markup: the plain text in the body, the markup kept for the suite's styles (item 5).
        try server.run(["/usr/bin/notify-send", "-a", "Build Bot", "styled", "<b>strong</b> text"])
        try await FreedesktopServerFixture.poll("the styled notification") {
            try server.delivered(titled: "styled") != nil
        }
        let styled = try #require(try server.delivered(titled: "styled"))
        #expect(styled.content["body"] as? String == "strong text")
        let userInfo = styled.content["userInfo"] as? [String: Any]
        #expect("\(userInfo?["freedesktop.body-markup"] ?? "")".contains("<b>strong</b>"), "\(styled.content)")
    }
}

/// Issue 39, item 2, with the real `notify-send`: `-t N` closes the notification after N ms (reason 1, which
/// ends `--wait`); `-t 0` and a critical one with `-t N` posted before it are still there then, their banners
/// kept until the user closes them.
@Suite(.serialized) struct FreedesktopExpiryEndToEndTests {
    @Test func anExpireTimeoutClosesTheNotificationAndZeroOrCriticalStay() async throws {
        let server = try await FreedesktopServerFixture()
        defer { server.close() }
        try server.run(["/usr/bin/notify-send", "-a", "Build Bot", "-t", "0", "sticky one"])
        try server.run(["/usr/bin/notify-send", "-a", "Build Bot", "-u", "critical", "-t", "300", "critical one"])
        let output = server.fixture.home.appendingPathComponent("expired.log")
        let waiting = try FreedesktopServerFixture.start(
            ["/usr/bin/notify-send", "-a", "Build Bot", "-t", "300", "-A", "ok=OK", "--wait", "short-lived"],
            environment: server.environment, output: output)
        defer { FreedesktopServerFixture.stop(waiting) }
        // Closed by its time, not by anyone: --wait ends with no action printed.
        try await FreedesktopServerFixture.poll("notify-send --wait to end when its time is up") { !waiting.isRunning }
        #expect(waiting.terminationStatus == 0)
        #expect((try? String(contentsOf: output, encoding: .utf8)) == "")
        #expect(try server.delivered(titled: "short-lived") == nil)
        for title in ["sticky one", "critical one"] {
            let item = try #require(try server.delivered(titled: title), "\(title) expired")
            let userInfo = item.content["userInfo"] as? [String: Any]
            #expect("\(userInfo?["baton.banner"] ?? "")".contains("sticky"), "\(title): \(item.content)")
        }
    }
}
