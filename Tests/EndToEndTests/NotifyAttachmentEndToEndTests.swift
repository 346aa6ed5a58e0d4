import Foundation
import Testing

/// Issue 22, attachments shown: `baton notify --attach` from a plain shell reaches a suite's banner and F4,
/// which names each attachment (an image's format, pixel size and size), previews a text's first lines with
/// its escape sequences shown escaped (the terminal is neither cleared nor retitled), and Open Attachment
/// with no desktop says where the file is.
@Suite(.serialized) struct NotifyAttachmentEndToEndTests {
    /// A PNG's signature and IHDR chunk (64×48), then filler.
    static let png: [UInt8] =
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        + [0, 0, 0, 64, 0, 0, 0, 48, 8, 6, 0, 0, 0] + [UInt8](repeating: 7, count: 3_000)

    @Test func anAttachmentReachesF4WithItsPreview() async throws {
        let fixture = try await BatonFixture()
        let files = fixture.home.appendingPathComponent("files")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        let chart = files.appendingPathComponent("chart.png")
        try Data(Self.png).write(to: chart)
        // Text with a wrong extension (a user's mistake, or a trap): its bytes would clear and retitle the terminal.
        let notes = files.appendingPathComponent("notes.gif")
        try Data("deploy log\n\u{1B}[2J\u{1B}]2;pwned\u{07}cleared?\nthird line\n".utf8).write(to: notes)
        // No desktop: Open Attachment says where the file is (no xdg-open starting a program in the terminal).
        let tmux = try TmuxSession(
            command: "env -u DISPLAY -u WAYLAND_DISPLAY TERM=xterm-256color \(Shell.quote(fixture.binary)) --device B",
            environment: fixture.environment)
        defer { tmux.close() }
        try await tmux.waitFor("F4 Notifications")
        try tmux.send("F4")
        try await tmux.waitFor("Notifications (0)")
        // A notification for every device goes to the devices known when it is posted.
        try await fixture.waitForDevice("B")
        try Shell.run(
            fixture.binary,
            [
                "notify", "--title", "Report ready", "--body", "Nightly numbers", "--attach", chart.path, "--attach",
                notes.path, "--sticky",
            ], environment: fixture.environment)
        // The banner names both.
        try await tmux.waitFor("banner with the attachments") {
            $0.contains("Attached: chart.png — PNG image, 64×48, 3.0 KB") && $0.contains("Attached: notes.gif")
                && $0.contains("Ctrl-N")
        }
        try tmux.send("C-n")
        try tmux.send("Escape")
        // F4's detail: the text's first lines, escaped.
        let screen = try await tmux.waitFor("F4's detail with the preview") {
            $0.contains("Notifications (1)") && $0.contains("│ deploy log") && $0.contains("[ Open Attachment ]")
                && !$0.contains("Ctrl-N")
        }
        #expect(screen.contains("\\u{1b}[2J\\u{1b}]2;pwned\\u{7}cleared?"))
        #expect(screen.contains("Attached: chart.png — PNG image, 64×48, 3.0 KB"))
        #expect(!(try tmux.display("#{pane_title}")).contains("pwned"))
        try tmux.send("Right")
        try tmux.send("Enter")
        let opened = try await tmux.waitFor("chart.png is at")
        #expect(opened.contains("notification-attachments/"))
        #expect(opened.contains("Report ready"))  // the notification stays
    }
}
