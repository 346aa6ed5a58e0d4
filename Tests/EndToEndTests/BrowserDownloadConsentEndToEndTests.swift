import Foundation
import Testing

/// Downloads with the user in charge: a file reached through a redirect or a page's refresh is offered,
/// not saved, until the user says yes; `baton --max-size` caps what is saved.
@Suite(.serialized) struct BrowserDownloadConsentEndToEndTests {
    /// A suite with its downloads directory, on the test server's form page.
    private func suite(
        _ fixture: BatonFixture, _ server: EchoServer, arguments: String = "--device A"
    ) async throws -> (session: TmuxSession, downloads: URL) {
        let downloads = fixture.home.appendingPathComponent("Downloads", isDirectory: true)
        var environment = fixture.environment
        environment["XDG_DOWNLOAD_DIR"] = downloads.path
        let session = try TmuxSession(
            command: fixture.suiteCommand(arguments), width: 110, height: 30, environment: environment)
        try await session.openBrowser()
        try session.go(to: server.base.absoluteString + "/form-get.html")
        try await session.waitFor("Name: [")
        return (session, downloads)
    }

    private func saved(_ downloads: URL) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: downloads.path)) ?? []
    }

    @Test func aFileBehindARedirectIsOfferedAndSavedOnlyOnYes() async throws {
        let fixture = try await BatonFixture()
        let server = try EchoServer()
        defer { server.stop() }
        let (session, downloads) = try await suite(fixture, server)
        defer { session.close() }
        try session.go(to: server.base.absoluteString + "/redirect-download")
        let question = try await session.waitFor(
            "Save \"report 2026.bin\" (application/octet-stream) from 127.0.0.1? (y/n)")
        #expect(question.contains("Name: ["))  // the page shown stays
        #expect(saved(downloads).isEmpty)
        try session.send("n")
        try await session.waitFor("Not saved: report 2026.bin")
        #expect(saved(downloads).isEmpty)
        try session.go(to: server.base.absoluteString + "/redirect-download")
        try await session.waitFor("(y/n)")
        try session.send("y")
        try await session.waitFor("Saved \(downloads.appendingPathComponent("report 2026.bin").path) (786 KB)")
    }

    @Test func aFileARefreshLeadsToIsOfferedNotSaved() async throws {
        let fixture = try await BatonFixture()
        let server = try EchoServer()
        defer { server.stop() }
        let (session, downloads) = try await suite(fixture, server)
        defer { session.close() }
        // A 0-second refresh to an attachment: before, 1.7 GB came down in 8 s without a question.
        try session.go(to: server.base.absoluteString + "/refresh-download")
        let question = try await session.waitFor("Save \"report 2026.bin\"")
        #expect(question.contains("Your file."))
        #expect(saved(downloads).isEmpty)
        try session.send("y")
        try await session.waitFor("Saved \(downloads.appendingPathComponent("report 2026.bin").path) (786 KB)")
    }

    @Test func maxSizeCapsWhatIsSaved() async throws {
        let fixture = try await BatonFixture()
        let server = try EchoServer()
        defer { server.stop() }
        let (session, downloads) = try await suite(fixture, server, arguments: "--device A --max-size 100K")
        defer { session.close() }
        try session.go(to: server.base.absoluteString + "/download")
        let refusal = try await session.waitFor("download limit")
        #expect(refusal.contains("102400"), "\(refusal)")
        #expect(saved(downloads).isEmpty)
    }
}
