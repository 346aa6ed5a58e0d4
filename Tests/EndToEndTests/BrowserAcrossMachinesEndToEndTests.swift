import Foundation
import TestSupport
import Testing

/// MonkeyBrowser on two machines ("laptop" and "server": two BATON_HOMEs, two daemons, two links) joined to one
/// account on a real PostgreSQL: a page loaded on the laptop is offered in the server's dock as from `A@laptop`,
/// continued there with Ctrl-O with its history (through the continuation stream, across the server), and handed
/// back.
@Suite(.serialized) struct BrowserAcrossMachinesEndToEndTests {
    @Test func aTabHandsOffFromOneMachineToTheOtherAndBack() throws {
        let postgres = try TestPostgres()
        defer { postgres.remove() }
        try postgres.createRole("alice", password: "a-pass")
        let url = postgres.url(role: "alice", password: "a-pass")
        let laptop = try BatonFixture()
        let other = try BatonFixture()
        try Shell.run(
            laptop.binary, ["account", "create", url, "--machine", "laptop"], environment: laptop.environment)
        let key = laptop.home.appendingPathComponent("state/account.key").path
        try Shell.run(
            other.binary, ["account", "join", url, "--key-file", key, "--machine", "server"],
            environment: other.environment)

        let site = laptop.home.appendingPathComponent("site", isDirectory: true)
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try BrowserHandoffEndToEndTests.pageOne.write(
            to: site.appendingPathComponent("one.html"), atomically: true, encoding: .utf8)
        try BrowserHandoffEndToEndTests.pageTwo.write(
            to: site.appendingPathComponent("two.html"), atomically: true, encoding: .utf8)
        let web = try StaticHTTPServer(directory: site)
        defer { web.stop() }

        let a = try TmuxSession(
            command: laptop.suiteCommand("--device A"), width: 100, height: 30, environment: laptop.environment)
        defer { a.close() }
        let b = try TmuxSession(
            command: other.suiteCommand("--device B"), width: 100, height: 30, environment: other.environment)
        defer { b.close() }
        try a.waitFor("Paths")
        try b.waitFor("Paths")
        try a.send("F1")
        try a.waitFor("1 Weather")
        try b.send("F1")
        try b.waitFor("1 Weather")

        // The laptop: a page, then link 1 to page two, so the tab has a history.
        try a.send("C-l")
        try a.send("C-u")
        try a.type(web.base.absoluteString + "/one.html")
        try a.send("Enter")
        try a.waitFor("Go to page two[1]")
        try a.type("1")
        try a.waitFor("Follow link 1")
        try a.send("Enter")
        try a.waitFor("Back to page one[1]")

        // The server machine: the offer in the dock, from A on the laptop; Ctrl-O continues it.
        try b.waitFor("MonkeyBrowser: Weather — Page Two · from A@laptop", timeout: 60)
        try b.send("C-o")
        let continued = try b.waitFor("Back to page one[1]")
        #expect(continued.contains(web.base.absoluteString + "/two.html"))
        try a.waitFor("Continued on B@server")

        // The history came through the stream, across the server: back goes to the laptop's previous page.
        try b.send("BSpace")
        try b.waitFor("Go to page two[1]")

        // Handed back: the laptop's dock shows B's offer from the server machine; Ctrl-O there.
        try a.waitFor("MonkeyBrowser: Weather — Page One · from B@server", timeout: 60)
        try a.send("C-o")
        try b.waitFor("Continued on A@laptop")
        let back = try a.waitFor("Go to page two[1]")
        #expect(back.contains(web.base.absoluteString + "/one.html"))

        // The server was given no page address or title in plain.
        let rows = try postgres.psql(
            database: "baton", "SELECT device, apps, activity_type, encode(sealed, 'escape') FROM baton.offers")
        #expect(rows.contains("A"))
        #expect(!rows.contains("Page One"))
        #expect(!rows.contains("one.html"))
    }
}
