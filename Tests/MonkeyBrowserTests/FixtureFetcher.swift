import Foundation
import MonkeyBrowser
import Synchronization

@testable import PageLoading

/// Serves pages from memory by address, and the shipped start pages from the repository, so tests
/// never touch the network and their addresses do not depend on where the repository lives.
struct FixtureFetcher: PageFetching {
    /// Where the start pages seem to live.
    static let pagesBase = URL(string: "http://pages.test/")
    static let repositoryPages = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources/MonkeyBrowser/Pages")

    var pages: [String: String] = [:]
    /// Counts the requests sent by `POST`, as a server that logs them would.
    var posts: RequestCount? = nil

    /// An address whose page echoes the request: method, query and `POST` body.
    static let echo = "http://forms.test/echo"
    /// The cookie jar `cookies.test` says is open to others: as long as a real state directory's.
    static let openJar = "/home/someone-with-a-long-name/.local/state/baton/devices/workstation:pts-12/cookies.json"

    func fetch(
        _ url: URL, post: PostBody?, site: String?, progress: (@Sendable (DownloadProgress) -> Void)?
    ) async throws -> LoadedPage {
        let address = url.absoluteString.prefix { $0 != "#" }
        if post != nil { posts?.add() }
        if url.host == "forms.test", url.path == "/echo" {
            func escaped(_ text: String) -> String { text.replacingOccurrences(of: "&", with: "&amp;") }
            let body = post.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
            let html =
                "<title>Echo</title><p>method=\(post == nil ? "GET" : "POST")</p>"
                + "<p>query=\(escaped(url.query ?? ""))</p><p>body=\(escaped(body))</p>"
            return LoadedPage(
                url: url, statusCode: 200, mediaType: "text/html", text: html, encoding: .utf8,
                charsetSource: .byteOrderMark, isTruncated: false)
        }
        if url.host == "cookies.test" {
            // A page loaded while the cookie jar is refused (open to others), with a long state path.
            var page = LoadedPage(
                url: url, statusCode: 200, mediaType: "text/html", text: "<title>Jar</title><p>A page.</p>",
                encoding: .utf8, charsetSource: .byteOrderMark, isTruncated: false)
            page.cookieProblem = CookieJarError.readableByOthers(path: Self.openJar, mode: 0o644).description
            return page
        }
        if url.host == "pages.test" {
            return try await PageLoader().load(Self.repositoryPages.appendingPathComponent(url.lastPathComponent))
                .moved(to: url)
        }
        if url.scheme != "http" { return try await PageLoader().load(url) }
        guard let html = pages[String(address)] else {
            throw PageLoadError.unreachableHost(host: url.host ?? "", reason: "no such test page")
        }
        return LoadedPage(
            url: url, statusCode: 200, mediaType: "text/html", text: html, encoding: .utf8,
            charsetSource: .byteOrderMark, isTruncated: false)
    }
}

/// How many requests a fetcher was asked for (read from the test, written from the browser's load tasks).
final class RequestCount: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

extension LoadedPage {
    /// The same page, as if it had come from `url`.
    func moved(to url: URL) -> LoadedPage {
        var copy = self
        copy.url = url
        return copy
    }
}
