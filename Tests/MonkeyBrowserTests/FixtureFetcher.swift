import Foundation
import MonkeyBrowser

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

    func fetch(_ url: URL) async throws -> LoadedPage {
        let address = url.absoluteString.prefix { $0 != "#" }
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

extension LoadedPage {
    /// The same page, as if it had come from `url`.
    func moved(to url: URL) -> LoadedPage {
        var copy = self
        copy.url = url
        return copy
    }
}
