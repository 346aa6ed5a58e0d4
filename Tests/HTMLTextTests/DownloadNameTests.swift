import Foundation
import PageLoading
import Testing

/// Issue 24, item 15: a download named with a path keeps its last part, as browsers do.
@Suite struct DownloadNameTests {
    @Test(arguments: [
        ("../../x.txt", "x.txt"), ("/tmp/x.txt", "x.txt"), ("a\\b\\x.txt", "x.txt"), ("x.txt", "x.txt"),
        ("..", "download"), ("/", "download"), (".hidden", "hidden"), ("dir/", "dir"), ("notes 1.txt", "notes 1.txt"),
    ])
    func theLastPathComponentIsKept(_ suggested: String, _ expected: String) {
        #expect(DownloadLocation.safeName(suggested) == expected)
    }

    @Test func theHeadersNameIsReadAsSent() {
        #expect(DownloadLocation.filename(inDisposition: #"attachment; filename="../../x.txt""#) == "../../x.txt")
        #expect(DownloadLocation.filename(inDisposition: "attachment; filename=plain.bin") == "plain.bin")
        #expect(
            DownloadLocation.filename(inDisposition: #"attachment; filename="a.txt"; filename*=UTF-8''caf%C3%A9.txt"#)
                == "café.txt")
        #expect(DownloadLocation.filename(inDisposition: "inline") == nil)
    }

    @Test func aServerSuggestingAPathSavesUnderItsLastPart() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("baton-downloads-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await LocalHTTPServer.with { server in
            let loader = PageLoader(timeout: 45, downloadDirectory: directory)
            let up = try await loader.load(server.appendingPathComponent("attachment-up"))
            #expect(up.saved?.path == directory.appendingPathComponent("up.txt").path)
            let absolute = try await loader.load(server.appendingPathComponent("attachment-absolute"))
            #expect(absolute.saved?.path == directory.appendingPathComponent("absolute.txt").path)
        }
    }
}
