import Foundation
import Testing

/// A program waiting on its notification (`notify-send -A ok=OK --wait`) and the suite (tmux) where the user
/// answers it: on this machine or on another machine of the account.
extension FreedesktopServerFixture {
    /// Starts `notify-send -a App -A ok=OK --wait title` on this bus; the process and the file it prints to.
    func waitingNotifySend(_ title: String) throws -> (process: Process, output: URL) {
        let output = fixture.home.appendingPathComponent("wait-\(UUID().uuidString).log")
        let process = try Self.start(
            ["/usr/bin/notify-send", "-a", "App", "-A", "ok=OK", "--wait", title], environment: environment,
            output: output)
        return (process, output)
    }

    /// Focuses the newest banner in `suite`, moves the focus from Open to OK and runs it.
    static func chooseOK(in suite: TmuxSession) async throws {
        try await suite.waitFor("[ OK ]")
        try suite.send("C-n")
        try await suite.waitFor("Enter run")
        // OK takes the focus from Open (the buttons' row changes style) before Enter runs it.
        func buttons() throws -> String {
            try suite.screenWithEscapes().split(separator: "\n").first { $0.contains("OK") }.map(String.init) ?? ""
        }
        let openFocused = try buttons()
        // Tab moves the focus to the next button, as the banner's footer says.
        try suite.send("Tab")
        try await poll("OK to take the focus") { try buttons() != openFocused }
        try suite.send("Enter")
    }

    /// `d` on the banner of a waiting `notify-send` in `suite` dismisses it: NotificationClosed(2) ends `--wait`
    /// with no action printed.
    func dismissalEndsTheWait(in suite: TmuxSession) async throws {
        let (dismissed, output) = try waitingNotifySend("dismiss me")
        defer { Self.stop(dismissed) }
        try await suite.waitFor("dismiss me")
        try suite.send("C-n")
        try await suite.waitFor("Enter run")
        try suite.send("d")
        try await Self.poll("notify-send --wait to end after the dismissal") { !dismissed.isRunning }
        #expect(dismissed.terminationStatus == 0)
        #expect((try? String(contentsOf: output, encoding: .utf8)) == "")
    }
}
