import Foundation
import Testing

/// Pages whose titles no dock could show (600 KB, 2 MB) open in two suites: the daemon lives and answers,
/// each suite stays connected, and the user is told the title was shortened.
@Suite(.serialized) struct OversizedTitleEndToEndTests {
    private static func page(titleBytes: Int, letter: String) -> String {
        "<html><head><title>" + String(repeating: letter, count: titleBytes)
            + "</title></head><body><p>A page with a long title.</p></body></html>"
    }

    @Test func hugeTitlesAreShortenedAndNothingDisconnects() async throws {
        let devices = try await TwoDevices()
        defer { devices.close() }
        let fixture = devices.fixture
        let site = fixture.home.appendingPathComponent("site", isDirectory: true)
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try Self.page(titleBytes: 600_000, letter: "a").write(
            to: site.appendingPathComponent("medium.html"), atomically: true, encoding: .utf8)
        try Self.page(titleBytes: 2_000_000, letter: "b").write(
            to: site.appendingPathComponent("huge.html"), atomically: true, encoding: .utf8)
        let server = try StaticHTTPServer(directory: site)
        defer { server.stop() }

        for (session, name) in [(devices.a, "medium.html"), (devices.b, "huge.html")] {
            try session.send("F1")
            try await session.waitFor("Weather")
            try session.send("C-l")
            try session.send("C-u")
            try session.type(server.base.absoluteString + "/" + name)
            try session.send("Enter")
            try await session.waitFor("A page with a long title.")
        }
        try await devices.b.waitFor("other devices see its first 120")
        try await devices.a.waitFor("MonkeyBrowser: Weather — bbbb")
        try await devices.b.waitFor("MonkeyBrowser: Weather — aaaa")

        let activities = try Shell.run(fixture.binary, ["activities", "--json"], environment: fixture.environment)
        let records = try #require(
            try JSONSerialization.jsonObject(with: Data(activities.utf8)) as? [[String: Any]],
            "\(activities.prefix(500))")
        #expect(Set(records.compactMap { $0["device"] as? String }) == ["A", "B"])
        for record in records {
            let title = try #require(record["title"] as? String)
            #expect(title.count <= 120 && title.hasSuffix("…"), "\(title.prefix(200))")
        }
        let listing = try Shell.run(fixture.binary, ["devices", "--json"], environment: fixture.environment)
        #expect(listing.contains(#""name" : "A""#) && listing.contains(#""name" : "B""#), "\(listing.prefix(500))")
        // Neither suite dropped its connection (a frame too large once made B reconnect every second).
        let log = try String(
            contentsOf: fixture.home.appendingPathComponent("state/logs/suite.log"), encoding: .utf8)
        #expect(!log.contains("undecodable frame from daemon"))
        #expect(!log.contains("disconnected"))
        #expect(!(try devices.b.screen()).contains("unreachable"))
    }
}
