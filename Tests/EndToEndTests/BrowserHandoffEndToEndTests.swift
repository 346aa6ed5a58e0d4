import Foundation
import Testing

/// MonkeyBrowser on two devices of one account: a page loaded on A is offered on B, continued there
/// with its history (through the continuation streams), and handed back to A.
@Suite(.serialized) struct BrowserHandoffEndToEndTests {
    static let pageOne = """
        <html><head><title>Page One</title></head><body><h1>Page One</h1>
        <p>Go to <a href="two.html">page two</a>.</p></body></html>
        """
    static let pageTwo = """
        <html><head><title>Page Two</title></head><body><h1>Page Two</h1>
        <p>Back to <a href="one.html">page one</a>.</p></body></html>
        """

    @Test func tabHandsOffBetweenTwoTerminalsAndBack() throws {
        let fixture = try BatonFixture()
        let site = fixture.home.appendingPathComponent("site", isDirectory: true)
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try Self.pageOne.write(to: site.appendingPathComponent("one.html"), atomically: true, encoding: .utf8)
        try Self.pageTwo.write(to: site.appendingPathComponent("two.html"), atomically: true, encoding: .utf8)
        let server = try StaticHTTPServer(directory: site)
        defer { server.stop() }
        let a = try TmuxSession(
            command: fixture.suiteCommand("--device A"), width: 100, height: 30, environment: fixture.environment)
        defer { a.close() }
        let b = try TmuxSession(
            command: fixture.suiteCommand("--device B"), width: 100, height: 30, environment: fixture.environment)
        defer { b.close() }
        try a.waitFor("Paths")
        try b.waitFor("Paths")
        try a.send("F1")
        try a.waitFor("1 Weather")
        try b.send("F1")
        try b.waitFor("1 Weather")

        // A: Ctrl-L, a URL, Enter; then link 1 to page two, so the tab has a history.
        try a.send("C-l")
        try a.send("C-u")
        try a.type(server.base.absoluteString + "/one.html")
        try a.send("Enter")
        try a.waitFor("Go to page two[1]")
        try a.type("1")
        try a.waitFor("Follow link 1")
        try a.send("Enter")
        try a.waitFor("Back to page one[1]")

        // B: the offer in the dock; Ctrl-O shows the page in the same (Weather) tab.
        try b.waitFor("MonkeyBrowser: Weather — Page Two · from A")
        try b.send("C-o")
        let continued = try b.waitFor("Back to page one[1]")
        #expect(continued.contains(server.base.absoluteString + "/two.html"))
        #expect(!continued.contains("Account:"))
        try a.waitFor("Continued on B")

        // The history came through the stream: B goes back to A's previous page.
        try b.send("BSpace")
        try b.waitFor("Go to page two[1]")

        // B hands it back: A's dock shows B's offer; Ctrl-O on A.
        try a.waitFor("MonkeyBrowser: Weather — Page One · from B")
        try a.send("C-o")
        try b.waitFor("Continued on A")
        let back = try a.waitFor("Go to page two[1]")
        #expect(back.contains(server.base.absoluteString + "/one.html"))
    }
}
