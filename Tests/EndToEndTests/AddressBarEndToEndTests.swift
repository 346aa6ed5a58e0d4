import Foundation
import Testing

/// Issue 13, finding 1: `Ctrl-L` shows the old address selected, so typing replaces it (as browsers do);
/// the find prompt does the same with the last search.
@Suite struct AddressBarEndToEndTests {
    @Test func typingAfterCtrlLReplacesTheAddressAndTheFindPromptReplacesTheLastSearch() async throws {
        let fixture = try await BatonFixture()
        let site = try SiteFixture(
            in: fixture,
            pages: [
                "index.html": "<html><head><title>Test Index</title></head><body><h1>Test Index</h1>"
                    + "<p>Alpha beta. Gamma delta.</p></body></html>"
            ])
        defer { site.stop() }
        let tmux = try TmuxSession(command: fixture.suiteCommand("--device A"), environment: fixture.environment)
        defer { tmux.close() }
        try await tmux.openBrowser()

        // No Ctrl-U: the typed address replaces the shown one.
        try tmux.go(to: site.url("index.html"))
        let page = try await tmux.waitFor("Alpha beta")
        #expect(!page.contains("no such file"))
        #expect(!page.contains("weather.htmlhttp"))

        // Movement keeps the text: an arrow, then typing, edits the address.
        try tmux.send("C-l")
        try tmux.send("Right")
        try tmux.type("#x")
        try await tmux.waitFor(site.url("index.html") + "#x")
        try tmux.send("Escape")
        try await tmux.waitFor("the address bar closed") { !$0.contains("#x") }

        // The find prompt shows the last search selected; typing replaces it.
        try tmux.send("/")
        try tmux.type("Alpha")
        try tmux.send("Enter")
        try await tmux.waitFor("1/1 \"Alpha\"")
        try tmux.send("/")
        try tmux.type("Gamma")
        try tmux.send("Enter")
        try await tmux.waitFor("1/1 \"Gamma\"")
    }
}
