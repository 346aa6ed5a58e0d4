import Foundation
import Testing

/// Issue 13, finding 3: the help bar shows the current app's keys first, and `?` opens every key.
@Suite struct HelpBarEndToEndTests {
    @Test(arguments: [80, 120])
    func theAppsKeysComeFirstAndQuestionMarkShowsThemAll(width: Int) async throws {
        let fixture = try await BatonFixture()
        let tmux = try TmuxSession(
            command: fixture.suiteCommand("--device A"), width: width, height: 30, environment: fixture.environment)
        defer { tmux.close() }
        try await tmux.waitFor("Paths")
        try tmux.send("F1")
        let browser = try await tmux.waitFor("weather.html")
        let bar = browser.split(separator: "\n", omittingEmptySubsequences: false).last { !$0.isEmpty } ?? ""
        #expect(bar.hasPrefix("Ctrl-L address"), "help bar: \(bar)")
        #expect(bar.contains("/ find"))
        #expect(bar.contains("Backspace/Alt-← back"))

        // Issue 24: quitting is on the help bar at every width.
        #expect(bar.contains("F10 quit ? all keys"), "help bar: \(bar)")

        try tmux.send("?")
        try await tmux.waitFor("the overlay with the browser's keys") {
            $0.contains("Keys: MonkeyBrowser") && $0.contains("Alt-→")
        }
        // The overlay scrolls to the suite's keys when they do not fit beside the browser's (issue 24).
        try tmux.send("G")
        try await tmux.waitFor("the overlay's end") { $0.contains("F10/Ctrl-C") && $0.contains("Ctrl-N") }
        try tmux.send("?")
        try await tmux.waitFor("the overlay closed") { !$0.contains("Keys: MonkeyBrowser") }

        try tmux.send("F2")
        let stores = try await tmux.waitFor("Tab/Shift-Tab map/list")
        let storesBar = stores.split(separator: "\n", omittingEmptySubsequences: false).last { !$0.isEmpty } ?? ""
        #expect(storesBar.hasPrefix("Tab/Shift-Tab map/list"), "help bar: \(storesBar)")
    }
}
