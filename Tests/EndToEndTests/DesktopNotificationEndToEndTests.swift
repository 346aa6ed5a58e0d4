import Foundation
import Testing

/// OSC desktop notifications reach a real pty: the suite runs under `script`, which records every byte it
/// writes, inside tmux; a push to it must leave OSC 9 (iTerm2's TERM_PROGRAM) in the record.
@Suite(.serialized) struct DesktopNotificationEndToEndTests {
    static let browser = "com.example.apple-samplecode.MonkeyBrowser"

    func desktopCapture(tmuxWrapped: Bool) async throws -> String {
        let fixture = try await BatonFixture()
        let record = fixture.home.appendingPathComponent("pty.log")
        let unset = tmuxWrapped ? "" : "-u TMUX"
        let command =
            "env \(unset) TERM=xterm-256color TERM_PROGRAM=iTerm.app BATON_DESKTOP_NOTIFICATIONS=auto "
            + "script -q -f -c \(Shell.quote("\(Shell.quote(fixture.binary)) --device B")) \(Shell.quote(record.path))"
        let tmux = try TmuxSession(command: command, environment: fixture.environment)
        defer { tmux.close() }
        try await tmux.waitFor("F4 Notifications")
        try await fixture.browserSettings(on: "B", ["--allow"])
        let deadline = Date().addingTimeInterval(30)
        let payload =
            #"{"aps": {"alert": {"title": "To the desktop", "body": "over SSH too"}, "badge": 1}, "url": "about:blank"}"#
        let file = fixture.home.appendingPathComponent("push.json")
        try payload.write(to: file, atomically: true, encoding: .utf8)
        try Shell.run(
            fixture.binary, ["push", file.path, "--app", Self.browser, "--device", "B"],
            environment: fixture.environment)
        try await tmux.waitFor("To the desktop")
        var text = ""
        while Date() < deadline {
            text = (try? String(contentsOf: record, encoding: .utf8)) ?? ""
            if text.contains("over SSH too") { break }
            try await Task.sleep(for: .seconds(0.05))
        }
        // Quitting puts the terminal's own title back (xterm's title stack).
        try tmux.send("F10")
        while Date() < deadline {
            text = (try? String(contentsOf: record, encoding: .utf8)) ?? ""
            if text.contains(Self.restoreTitle) { break }
            try await Task.sleep(for: .seconds(0.05))
        }
        return text
    }

    static let restoreTitle = "\u{1B}[23;0t"

    @Test func osc9ReachesThePtyAndTheBadgeTheTitle() async throws {
        let text = try await desktopCapture(tmuxWrapped: false)
        #expect(text.contains("\u{1B}]9;MonkeyBrowser: To the desktop: over SSH too\u{07}"))
        // The badge total in the title (OSC 0), the terminal's own saved first and put back on exit.
        #expect(text.contains("\u{1B}[22;0t\u{1B}]0;Baton (1)\u{07}"))
        #expect(text.contains(Self.restoreTitle))
    }

    @Test func insideTmuxItIsWrappedForPassthrough() async throws {
        let text = try await desktopCapture(tmuxWrapped: true)
        #expect(text.contains("\u{1B}Ptmux;\u{1B}\u{1B}]9;MonkeyBrowser: To the desktop: over SSH too\u{07}\u{1B}\\"))
    }
}
