import Foundation
import Testing

/// MonkeyBrowser's handoff as a user does it on two devices: a tab with a history on `a`, continued on `b` with
/// Ctrl-O (its history through the continuation stream), then handed back.
enum BrowserHandoffFlow {
    static let pageOne = """
        <html><head><title>Page One</title></head><body><h1>Page One</h1>
        <p>Go to <a href="two.html">page two</a>.</p></body></html>
        """
    static let pageTwo = """
        <html><head><title>Page Two</title></head><body><h1>Page Two</h1>
        <p>Back to <a href="one.html">page one</a>.</p></body></html>
        """

    /// A web server for the two pages, under `home`.
    static func site(in home: URL) throws -> StaticHTTPServer {
        let site = home.appendingPathComponent("site", isDirectory: true)
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try pageOne.write(to: site.appendingPathComponent("one.html"), atomically: true, encoding: .utf8)
        try pageTwo.write(to: site.appendingPathComponent("two.html"), atomically: true, encoding: .utf8)
        return try StaticHTTPServer(directory: site)
    }

    /// `a` (shown on `b` as `aName`) loads page one then page two; `b` continues with Ctrl-O and goes back through
    /// the history; `b` (shown on `a` as `bName`) hands it back. `timeout` bounds each wait for an offer.
    static func handOffAndBack(
        _ a: TmuxSession, _ b: TmuxSession, web: StaticHTTPServer, aName: String, bName: String,
        offerTimeout: TimeInterval = 45
    ) async throws {
        try await a.waitFor("Paths")
        try await b.waitFor("Paths")
        try a.send("F1")
        try await a.waitFor("1 Weather")
        try b.send("F1")
        try await b.waitFor("1 Weather")

        // a: Ctrl-L, a URL, Enter; then link 1 to page two, so the tab has a history.
        try a.send("C-l")
        try a.send("C-u")
        try a.type(web.base.absoluteString + "/one.html")
        try a.send("Enter")
        try await a.waitFor("Go to page two[1]")
        try a.type("1")
        try await a.waitFor("Follow link 1")
        try a.send("Enter")
        try await a.waitFor("Back to page one[1]")

        // b: the offer in the dock; Ctrl-O shows the page in the same (Weather) tab.
        try await b.waitFor("MonkeyBrowser: Weather — Page Two · from \(aName)", timeout: offerTimeout)
        try b.send("C-o")
        let continued = try await b.waitFor("Back to page one[1]")
        #expect(continued.contains(web.base.absoluteString + "/two.html"))
        #expect(!continued.contains("Account:"))
        try await a.waitFor("Continued on \(bName)")

        // The history came through the stream: b goes back to a's previous page.
        try b.send("BSpace")
        try await b.waitFor("Go to page two[1]")

        // b hands it back: a's dock shows b's offer; Ctrl-O on a.
        try await a.waitFor("MonkeyBrowser: Weather — Page One · from \(bName)", timeout: offerTimeout)
        try a.send("C-o")
        try await b.waitFor("Continued on \(aName)")
        let back = try await a.waitFor("Go to page two[1]")
        #expect(back.contains(web.base.absoluteString + "/one.html"))
    }
}
