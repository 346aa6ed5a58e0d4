import BatonEnvironment
import Foundation

/// Loads pages for the browser and `baton dump`: http(s) through URLSession in the `baton-fetch`
/// network process (see `FetchProtocol`), `file://` from disk, `about:blank` and `about:help`; decodes
/// them to text (see `CharsetDetection`). Loads are async and stop when their task is cancelled;
/// `loadBlocking` serves command-line tools.
public struct PageLoader: Sendable {
    /// Pages are cut at 10 MB.
    public static let defaultMaximumBytes = 10 * 1024 * 1024

    /// The http(s) request timeout, in seconds.
    public var timeout: TimeInterval
    /// Pages are cut after this many bytes.
    public var maximumBytes: Int
    /// The `baton-fetch` executable; nil for the one next to the running executable.
    public var fetcherExecutable: URL?
    /// The device's cookie jar; nil: no cookies are sent or kept.
    public var cookieJar: URL?
    /// Where files that are not pages are saved; nil: loading one fails with `PageLoadError.download`.
    public var downloadDirectory: URL?
    /// The largest file saved (`FetchRequest.maxDownloadBytes`); nil: 2 GB.
    public var maximumDownloadBytes: Int?

    public init(
        timeout: TimeInterval = 20, maximumBytes: Int = PageLoader.defaultMaximumBytes, fetcherExecutable: URL? = nil,
        cookieJar: URL? = nil, downloadDirectory: URL? = nil
    ) {
        self.downloadDirectory = downloadDirectory
        self.timeout = timeout
        self.maximumBytes = maximumBytes
        self.fetcherExecutable = fetcherExecutable
        self.cookieJar = cookieJar
    }

    /// The `baton-fetch` that http(s) loads run.
    var resolvedFetcherExecutable: URL {
        fetcherExecutable
            ?? ResourceLocator.helper(FetchProtocol.executableName)
    }

    /// Loads `url` (by `POST` with `post`; `site` is the host of the page that asked for it, for cookies'
    /// `SameSite`); http(s) loads stop (with `.cancelled`) when the task is cancelled.
    public func load(
        _ url: URL, post: PostBody? = nil, site: String? = nil, consent: DownloadConsent = .direct,
        progress: (@Sendable (DownloadProgress) -> Void)? = nil
    ) async throws -> LoadedPage {
        if Task.isCancelled { throw PageLoadError.cancelled }
        guard Self.isHTTP(url) else {
            try Self.refusePost(post, to: url)
            let page = try loadLocal(url)
            if Task.isCancelled { throw PageLoadError.cancelled }
            return page
        }
        var process = try networkProcess(for: url, post: post, site: site, consent: consent)
        process.onProgress = progress
        return page(from: try await process.run())
    }

    /// Loads `url` on the calling thread, which waits for http(s) replies: for command-line tools such as
    /// `baton dump`, which have nothing else to do meanwhile and no task to cancel.
    public func loadBlocking(_ url: URL, post: PostBody? = nil) throws -> LoadedPage {
        guard Self.isHTTP(url) else {
            try Self.refusePost(post, to: url)
            return try loadLocal(url)
        }
        return page(from: try networkProcess(for: url, post: post, site: nil).runBlocking())
    }

    /// Only http(s) addresses take a `POST`.
    private static func refusePost(_ post: PostBody?, to url: URL) throws(PageLoadError) {
        guard post != nil else { return }
        throw .network(url: url, reason: "a form can only be posted to an http(s) address")
    }

    private static func isHTTP(_ url: URL) -> Bool {
        let scheme = url.scheme?.lowercased()
        return scheme == "http" || scheme == "https"
    }

    /// `file://` and `about:` pages, read on the calling thread; other schemes are errors.
    private func loadLocal(_ url: URL) throws -> LoadedPage {
        switch url.scheme?.lowercased() {
        case "file":
            let file = try FileFetch.read(url, limit: maximumBytes)
            return page(
                url: url, status: nil, mediaType: file.mediaType, charset: nil, bytes: file.bytes,
                truncated: file.isTruncated)
        case "about":
            let name = url.absoluteString.dropFirst("about:".count).prefix { $0 != "#" && $0 != "?" }
            guard let html = AboutPages.html(for: String(name)) else {
                throw PageLoadError.unknownAboutPage(String(name))
            }
            return LoadedPage(
                url: url, statusCode: nil, mediaType: "text/html", text: html, encoding: .utf8,
                charsetSource: .byteOrderMark, isTruncated: false)
        case let scheme?:
            throw PageLoadError.unsupportedScheme(scheme)
        case nil:
            throw PageLoadError.invalidURL(url.absoluteString)
        }
    }

    private func networkProcess(
        for url: URL, post: PostBody?, site: String?, consent: DownloadConsent = .direct
    ) throws -> NetworkProcess {
        guard url.host?.isEmpty == false else { throw PageLoadError.invalidURL(url.absoluteString) }
        if let post, post.bytes.count > FetchRequest.maximumPostBytes {
            throw PageLoadError.network(url: url, reason: "the form's data is over 16 MB")
        }
        var request = FetchRequest(
            url: url, timeout: timeout, limit: maximumBytes, post: post, cookieJar: cookieJar?.path, site: site)
        request.saveIn = consent == .ask ? nil : downloadDirectory?.path
        request.askIfRedirected = consent == .direct
        request.maxDownloadBytes = maximumDownloadBytes
        return NetworkProcess(executable: resolvedFetcherExecutable, request: request)
    }

    private func page(from response: HTTPResponseBody) -> LoadedPage {
        var loaded = page(
            url: response.url, status: response.statusCode,
            mediaType: response.contentType.effectiveMediaType,
            charset: response.contentType.charset, bytes: response.bytes, truncated: response.isTruncated)
        loaded.cookieProblem = response.cookieProblem
        loaded.saved = response.saved
        return loaded
    }

    private func page(
        url: URL, status: Int?, mediaType: String, charset: String?, bytes: [UInt8], truncated: Bool
    ) -> LoadedPage {
        let decoded = CharsetDetection.decode(headerCharset: charset, bytes: bytes)
        var page = LoadedPage(
            url: url, statusCode: status, mediaType: mediaType, text: decoded.text,
            encoding: decoded.encoding,
            charsetSource: decoded.source, isTruncated: truncated)
        if truncated {
            page.text +=
                page.isHTML ? Self.htmlTruncationNote(maximumBytes) : Self.truncationNote(maximumBytes)
        }
        return page
    }

    static func truncationNote(_ limit: Int) -> String {
        "\n\n[Page cut at \(limit / (1024 * 1024)) MB: the rest was not loaded.]\n"
    }

    /// The note for cut HTML, preceded by end tags that leave raw-text elements the cut may have left open.
    static func htmlTruncationNote(_ limit: Int) -> String {
        "\"'></script></style></textarea></title></pre><hr><p>" + truncationNote(limit) + "</p>"
    }
}
