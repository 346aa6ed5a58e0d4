import Foundation
import Testing

/// A directory of pages served over HTTP on 127.0.0.1 for one test.
struct SiteFixture {
    let server: StaticHTTPServer

    init(in fixture: BatonFixture, pages: [String: String]) throws {
        let site = fixture.home.appendingPathComponent("site", isDirectory: true)
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        for (name, html) in pages {
            try html.write(to: site.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        server = try StaticHTTPServer(directory: site)
    }

    func url(_ page: String) -> String { server.base.absoluteString + "/" + page }

    func stop() { server.stop() }
}

extension TmuxSession {
    /// From the first frame: F1, then the browser's first tab (its start page, or the page it was left on).
    func openBrowser() async throws {
        // About on a first start; the browser again when the device's suite last showed it (issue 24).
        try await waitFor("the first frame") { $0.contains("Paths") || $0.contains("1 Weather") }
        try send("F1")
        try await waitFor("1 Weather")
    }

    /// Ctrl-L, `address` typed over the shown one, Enter.
    func go(to address: String) throws {
        try send("C-l")
        try type(address)
        try send("Enter")
    }
}
