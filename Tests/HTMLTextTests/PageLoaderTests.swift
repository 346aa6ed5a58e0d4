import Foundation
import HTMLText
import PageLoading
import Synchronization
import Testing

/// PageLoader against a local HTTP server, files and about: pages.
@Suite struct PageLoaderTests {
    @Test func loadsAPageOverHTTP() async throws {
        try await LocalHTTPServer.with { server in
            let page = try await PageLoader().load(server.appendingPathComponent("page"))
            #expect(page.statusCode == 200)
            #expect(page.isSuccess)
            #expect(page.isHTML)
            #expect(page.encoding == .utf8)
            #expect(HTMLDocument(html: page.htmlSource, url: page.url).title == "Served")
        }
    }

    @Test func followsRedirects() async throws {
        try await LocalHTTPServer.with { server in
            let page = try await PageLoader().load(server.appendingPathComponent("redirect"))
            #expect(page.statusCode == 200)
            #expect(page.url.path == "/page")
            #expect(page.text.contains("Hello from the test server."))
        }
    }

    @Test func notFoundStillReturnsTheBody() async throws {
        try await LocalHTTPServer.with { server in
            let page = try await PageLoader().load(server.appendingPathComponent("missing"))
            #expect(page.statusCode == 404)
            #expect(!page.isSuccess)
            #expect(page.text.contains("Not Found"))
        }
    }

    @Test func binaryContentIsADownloadWhenNothingSavesIt() async throws {
        try await LocalHTTPServer.with { server in
            let url = server.appendingPathComponent("binary")
            await #expect(
                throws: PageLoadError.download(url: url, filename: "binary", contentType: "application/octet-stream")
            ) {
                try await PageLoader().load(url)
            }
        }
    }

    @Test func downloadsAreSavedWithProgressUnderTheSuggestedName() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("baton-downloads-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await LocalHTTPServer.with { server in
            let seen = Mutex<[DownloadProgress]>([])
            // The timeout only guards against a hang: cancelling must win over it on a loaded machine.
            let loader = PageLoader(timeout: 45, downloadDirectory: directory)
            let first = try await loader.load(server.appendingPathComponent("attachment")) { progress in
                seen.withLock { $0.append(progress) }
            }
            let saved = try #require(first.saved)
            #expect(saved.path == directory.appendingPathComponent("notes 1.txt").path)
            #expect(saved.bytes == 300_000)
            #expect(try Data(contentsOf: URL(fileURLWithPath: saved.path)).count == 300_000)
            let progress = seen.withLock { $0 }
            // Reports that arrive together are coalesced to the latest (a progress bar shows that one), so
            // how many there are depends on scheduling; they never go backwards and end at the whole file.
            #expect(!progress.isEmpty)
            #expect(progress.map(\.received) == progress.map(\.received).sorted())
            #expect(progress.last?.received == 300_000)
            #expect(progress.allSatisfy { $0.total == 300_000 })
            // Stopped half way: the partial file goes.
            let started = Mutex<String?>(nil)
            let load = Task {
                try await loader.load(server.appendingPathComponent("slow-attachment")) { progress in
                    if progress.received > 0 { started.withLock { $0 = progress.path } }
                }
            }
            var partial: String?
            for _ in 0..<400 where partial == nil {
                try await Task.sleep(for: .milliseconds(25))
                partial = started.withLock { $0 }
            }
            let path = try #require(partial)
            #expect(FileManager.default.fileExists(atPath: path))
            load.cancel()
            await #expect(throws: PageLoadError.cancelled) { try await load.value }
            #expect(!FileManager.default.fileExists(atPath: path))
            // The same name again: kept apart, nothing replaced.
            let second = try await loader.load(server.appendingPathComponent("attachment"))
            #expect(second.saved?.path == directory.appendingPathComponent("notes 1 (1).txt").path)
        }
    }

    @Test func usesTheHeaderCharset() async throws {
        try await LocalHTTPServer.with { server in
            let page = try await PageLoader().load(server.appendingPathComponent("latin1"))
            #expect(page.charsetSource == .httpHeader)
            #expect(page.text.contains("café"))
        }
    }

    @Test func cutsLargePagesWithANote() async throws {
        try await LocalHTTPServer.with { server in
            let page = try await PageLoader(maximumBytes: 1000).load(server.appendingPathComponent("big"))
            #expect(page.isTruncated)
            #expect(page.text.hasPrefix(String(repeating: "x", count: 1000) + "\n"))
            #expect(page.text.contains("Page cut at"))
        }
    }

    @Test func aConnectionCutDuringTheBodyIsAnErrorNotAShortPage() async throws {
        // The server promises 5000 bytes and closes after 100.
        let error = try await LocalHTTPServer.with { server in
            await #expect(throws: PageLoadError.self) {
                try await PageLoader().load(server.appendingPathComponent("cut"))
            }
        }
        #expect(error?.description.contains("remaining") == true, "\(String(describing: error))")
    }

    @Test func cancellationStopsASlowLoad() async throws {
        try await LocalHTTPServer.with { server in
            let slow = server.appendingPathComponent("slow")
            let early = Task { try await PageLoader(timeout: 60).load(slow) }
            early.cancel()
            await #expect(throws: PageLoadError.cancelled) { try await early.value }
            // Cancelled while the server holds the request (the route answers only after 300 s).
            // Cancel once the server has the request: it counts what arrived (a readiness poll with a guard).
            let hits = server.appendingPathComponent("hits/slow")
            func arrived() async throws -> Int {
                Int(try await PageLoader().load(hits).text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
            }
            let before = try await arrived()
            let inFlight = Task { try await PageLoader(timeout: 60).load(slow) }
            let deadline = Date().addingTimeInterval(50)
            while try await arrived() <= before, Date() < deadline { await Task.yield() }
            inFlight.cancel()
            await #expect(throws: PageLoadError.cancelled) { try await inFlight.value }
        }
    }

    @Test func unreachableHostIsATypedError() async throws {
        // Port 9 on 127.0.0.1 (discard) is closed on test machines: the connection is refused.
        await #expect(throws: PageLoadError.self) {
            try await PageLoader(timeout: 5).load(try #require(URL(string: "http://127.0.0.1:9/")))
        }
    }

    @Test func readsFilesDirectly() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("baton-html-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("p.html")
        try Data([0x3C, 0x70, 0x3E, 0xE9]).write(to: file)
        let page = try await PageLoader().load(file)
        #expect(page.statusCode == nil)
        #expect(page.text == "<p>é")
        let missing = directory.appendingPathComponent("none.html")
        await #expect(throws: PageLoadError.fileNotFound(missing.path)) { try await PageLoader().load(missing) }
        let binary = directory.appendingPathComponent("blob")
        try Data([0, 1, 2, 3]).write(to: binary)
        await #expect(throws: PageLoadError.self) { try await PageLoader().load(binary) }
    }

    @Test func aboutPages() async throws {
        let help = try await PageLoader().load(try #require(URL(string: "about:help")))
        let text = HTMLDocument(html: help.htmlSource).layout(width: 80).plainText
        for key in ["Ctrl-L", "Ctrl-T", "Ctrl-W", "Alt-1", "Alt-Left", "Alt-Right", "Ctrl-O", "F10"] {
            #expect(text.contains(key), "about:help lacks \(key)")
        }
        let blank = try await PageLoader().load(try #require(URL(string: "about:blank")))
        #expect(HTMLDocument(html: blank.htmlSource).layout(width: 80).lines.isEmpty)
        await #expect(throws: PageLoadError.unknownAboutPage("nothing")) {
            try await PageLoader().load(try #require(URL(string: "about:nothing")))
        }
    }

    @Test func addressesFromUserInput() throws {
        #expect(try PageAddress.url(from: "https://a.example/x").absoluteString == "https://a.example/x")
        #expect(try PageAddress.url(from: "example.com/path").absoluteString == "https://example.com/path")
        #expect(try PageAddress.url(from: "localhost:8000/").absoluteString == "http://localhost:8000/")
        #expect(try PageAddress.url(from: "/tmp/x.html", currentDirectory: "/").isFileURL)
        #expect(try PageAddress.url(from: "./x.html", currentDirectory: "/srv").path == "/srv/x.html")
        #expect(try PageAddress.url(from: "missing.html", currentDirectory: "/srv").path == "/srv/missing.html")
        #expect(try PageAddress.url(from: "example.com/a.html").absoluteString == "https://example.com/a.html")
        #expect(throws: PageLoadError.invalidURL("  ")) { try PageAddress.url(from: "  ") }
        #expect(throws: PageLoadError.invalidURL(" \n\t")) { try PageAddress.url(from: " \n\t") }
        #expect(try PageAddress.url(from: " \t https://a.example/x \n").absoluteString == "https://a.example/x")
        #expect(try PageAddress.url(from: "NOTES.HTML", currentDirectory: "/srv").path == "/srv/NOTES.HTML")
        #expect(try PageAddress.url(from: "host.example").absoluteString == "https://host.example")
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        #expect(try PageAddress.url(from: "~/x.html", currentDirectory: "/srv").path == home + "/x.html")
        #expect(throws: PageLoadError.unsupportedScheme("gopher")) {
            _ = try PageAddress.url(from: "gopher://x")
            throw PageLoadError.unsupportedScheme("gopher")
        }
    }

    @Test func unsupportedSchemesAreRefused() async throws {
        await #expect(throws: PageLoadError.unsupportedScheme("gopher")) {
            try await PageLoader().load(try #require(URL(string: "gopher://x.example/")))
        }
    }
}
