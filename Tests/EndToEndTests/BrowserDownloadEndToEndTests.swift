import Foundation
import Testing

/// A file that is not a page: MonkeyBrowser saves it in `$XDG_DOWNLOAD_DIR` with a progress bar and says
/// where it went; `baton dump` says where it would have gone and exits 5.
@Suite(.serialized) struct BrowserDownloadEndToEndTests {
    @Test func downloadShowsProgressAndLandsWithTheRightName() async throws {
        let fixture = try await BatonFixture()
        let server = try EchoServer()
        defer { server.stop() }
        let downloads = fixture.home.appendingPathComponent("Downloads Here", isDirectory: true)
        var environment = fixture.environment
        environment["XDG_DOWNLOAD_DIR"] = downloads.path
        let session = try TmuxSession(
            command: fixture.suiteCommand("--device A"), width: 110, height: 30, environment: environment)
        defer { session.close() }
        try await session.openBrowser()
        try session.go(to: server.base.absoluteString + "/form-get.html")
        try await session.waitFor("Name: [")
        try session.go(to: server.base.absoluteString + "/download")
        let progress = try await session.waitFor("Saving report 2026.bin ▕")
        #expect(progress.contains("(Esc stops)"))
        let path = downloads.appendingPathComponent("report 2026.bin").path
        let done = try await session.waitFor("Saved \(path) (786 KB)")
        #expect(done.contains("Name: ["))  // the page shown stays
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.size] as? NSNumber)?.intValue == 786_432)
    }

    @Test func dumpSaysWhereItWouldSaveAndFails() async throws {
        let fixture = try await BatonFixture()
        let server = try EchoServer()
        defer { server.stop() }
        var environment = fixture.environment
        environment["XDG_DOWNLOAD_DIR"] = "/tmp/baton-e2e-downloads"
        do {
            try Shell.run(fixture.binary, ["dump", server.base.absoluteString + "/download"], environment: environment)
            Issue.record("dump of a download succeeded")
        } catch E2EError.commandFailed(_, let status, let output) {
            #expect(status == 5)
            #expect(
                output == "baton dump: \(server.base.absoluteString)/download is a file to save, not a page "
                    + "(application/octet-stream); MonkeyBrowser would save it as "
                    + "/tmp/baton-e2e-downloads/report 2026.bin\n")
        }
    }
}
