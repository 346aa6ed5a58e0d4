import BatonEnvironment
import Foundation
import PageLoading

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP(S) fetch through URLSession's delegate API, reported as `FetchProtocol` frames as it goes:
/// a response that is a file (binary type, `Content-Disposition: attachment`) is saved (or refused without a
/// downloads directory), and a page body is cut at the limit without downloading the
/// rest. Redirects are followed by URLSession, at most `maximumRedirects` of them. With a cookie jar, each
/// request (redirects too) carries the jar's cookies for it and each response's cookies go into the jar
/// (`CookiePolicy`); URLSession's own cookie storage is off.
final class HTTPFetch: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let request: FetchRequest
    private let output: FrameOutput
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    // Guarded by `lock`.
    private var sentHead = false
    private var sentBytes = 0
    private var finished = false
    private var redirects = 0
    /// The jar's cookies, when cookies are on.
    private var jar: [StoredCookie]?
    /// Why cookies are off, when a jar was given but cannot be used.
    private var cookieProblem: String?
    /// The file being saved, when the response is a download.
    private var download: (descriptor: Int32, path: URL, received: Int, total: Int?)?
    private var pacing: DownloadPacing
    /// The session's delegate queue: it holds libcurl back while the delegate is behind.
    private let delegateQueue = PacedOperationQueue()

    /// The most redirects followed for one request.
    static let maximumRedirects = 20

    private init(request: FetchRequest, output: FrameOutput) {
        self.request = request
        self.output = output
        pacing = DownloadPacing(limit: request.maxDownloadBytes ?? FetchRequest.defaultMaxDownloadBytes)
    }

    /// Fetches `request`, writing the reply to `output`; returns once the final frame is written.
    static func run(_ request: FetchRequest, output: FrameOutput) {
        var urlRequest = URLRequest(
            url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
        urlRequest.setValue("text/html, text/plain;q=0.9, */*;q=0.1", forHTTPHeaderField: "Accept")
        urlRequest.setValue("Baton-MonkeyBrowser/0.1", forHTTPHeaderField: "User-Agent")
        if let post = request.post {
            urlRequest.httpMethod = "POST"
            urlRequest.httpBody = Data(post.bytes)
            urlRequest.setValue(post.contentType, forHTTPHeaderField: "Content-Type")
        }
        let fetch = HTTPFetch(request: request, output: output)
        if let path = request.cookieJar {
            do {
                fetch.jar = try CookieJarFile(url: URL(fileURLWithPath: path)).load()
            } catch {
                fetch.cookieProblem = error.description
            }
        }
        fetch.addCookies(to: &urlRequest)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        let session = URLSession(configuration: configuration, delegate: fetch, delegateQueue: fetch.delegateQueue)
        session.dataTask(with: urlRequest).resume()
        fetch.done.wait()
    }

    /// Sets the request's `Cookie` header from the jar.
    private func addCookies(to urlRequest: inout URLRequest) {
        lock.lock()
        let jar = self.jar
        lock.unlock()
        guard let jar, let url = urlRequest.url else { return }
        let header = CookiePolicy.header(
            for: url, method: urlRequest.httpMethod ?? "GET", site: request.site, jar: jar, now: Date())
        urlRequest.setValue(header, forHTTPHeaderField: "Cookie")
    }

    /// Keeps the cookies a response sets; a jar that cannot be written turns cookies off.
    private func takeCookies(from response: HTTPURLResponse, url: URL) {
        lock.lock()
        let on = jar != nil
        lock.unlock()
        guard on, let path = request.cookieJar,
            let headers = response.allHeaderFields as? [String: String],
            headers.keys.contains(where: { $0.lowercased() == "set-cookie" })
        else { return }
        do {
            let updated = try CookieJarFile(url: URL(fileURLWithPath: path)).update {
                CookiePolicy.accept(headers, from: url, into: $0, now: Date())
            }
            lock.lock()
            jar = updated
            lock.unlock()
        } catch {
            lock.lock()
            jar = nil
            cookieProblem = error.description
            lock.unlock()
        }
    }

    // MARK: Downloads

    /// A response that is a file, not a page: saved in `request.saveIn` under the name the server suggests,
    /// or (with no directory) the failure `download`. False when it is not going to be read.
    private func startDownload(_ http: HTTPURLResponse, url: URL, contentType: ContentType) -> Bool {
        // Foundation reads the name from `Content-Disposition`; without one it says "Unknown", so the
        // address's last part names the file instead.
        let disposition = http.value(forHTTPHeaderField: "Content-Disposition") ?? ""
        // The header's own name, read here: Foundation's turns a path's slashes into `_` (`_.._x.txt`), where
        // browsers keep the last part.
        let suggested =
            disposition.lowercased().contains("filename")
            ? DownloadLocation.filename(inDisposition: disposition) ?? http.suggestedFilename : url.lastPathComponent
        let name = DownloadLocation.safeName(suggested == "/" ? nil : suggested)
        lock.lock()
        let redirected = redirects > 0
        lock.unlock()
        // No directory, or a download the user did not ask for directly (`--ask-redirected`): the host asks.
        guard let directory = request.saveIn, !(redirected && request.askIfRedirected) else {
            finish(.failure(.download(url: url, filename: name, contentType: contentType.mediaType)))
            return false
        }
        let total = http.expectedContentLength > 0 ? Int(http.expectedContentLength) : nil
        guard !pacing.isOver(total: total) else {
            finish(.failure(.network(url: url, reason: pacing.refusal(size: total ?? 0))))
            return false
        }
        do {
            let (path, descriptor) = try DownloadLocation.create(name, in: URL(fileURLWithPath: directory))
            lock.lock()
            download = (descriptor, path, 0, total)
            lock.unlock()
            output.send(.progress(DownloadProgress(path: path.path, received: 0, total: total)))
            return true
        } catch {
            finish(.failure(error))
            return false
        }
    }

    /// Writes a download's bytes (paced: `DownloadPacing`) and reports progress; false when the response is
    /// not a download. A file that grows past the cap is removed and the load fails.
    private func save(_ data: Data, task: URLSessionTask) -> Bool {
        lock.lock()
        guard var current = download, !finished else {
            lock.unlock()
            return download != nil
        }
        let over = current.received + data.count > pacing.limit
        let written = !over && DescriptorWrite.all([UInt8](data), to: current.descriptor)
        current.received += data.count
        download = current
        let report = pacing.shouldReport(received: current.received, total: current.total)
        lock.unlock()
        if over {
            _ = endDownload(failed: true)
            finish(.failure(.network(url: request.url, reason: pacing.refusal(size: current.received))))
            PacedOperationQueue.cancel(task)
            return true
        }
        guard written else {
            _ = endDownload(failed: true)
            finish(.failure(.fileUnreadable(path: current.path.path, reason: "the download could not be written")))
            return true
        }
        if report {
            output.sendIfRoom(
                .progress(DownloadProgress(path: current.path.path, received: current.received, total: current.total)))
        }
        return true
    }

    /// Closes a download's file; a failed one is removed. The saved file, when there was a download and it
    /// succeeded.
    private func endDownload(failed: Bool) -> SavedFile? {
        lock.lock()
        let current = download
        download = nil
        lock.unlock()
        guard let current else { return nil }
        close(current.descriptor)
        if failed {
            unlink(current.path.path)
            return nil
        }
        return SavedFile(path: current.path.path, bytes: current.received)
    }

    /// Sends the final frame, once; later calls do nothing.
    private func finish(_ frame: FetchFrame) {
        lock.lock()
        let first = !finished
        finished = true
        lock.unlock()
        guard first else { return }
        output.send(frame)
        done.signal()
    }

    // MARK: URLSessionDataDelegate

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            finish(.failure(.network(url: request.url, reason: "no HTTP response")))
            completionHandler(.cancel)
            return
        }
        let url = http.url ?? request.url
        takeCookies(from: http, url: url)
        let header = http.value(forHTTPHeaderField: "Content-Type")
        let contentType = ContentType(header: header)
        let disposition = http.value(forHTTPHeaderField: "Content-Disposition")?.lowercased() ?? ""
        guard contentType.isText, !disposition.trimmingCharacters(in: .whitespaces).hasPrefix("attachment") else {
            completionHandler(startDownload(http, url: url, contentType: contentType) ? .allow : .cancel)
            return
        }
        lock.lock()
        let send = !finished && !sentHead
        sentHead = true
        let problem = cookieProblem
        lock.unlock()
        if send {
            output.send(
                .head(FetchHead(url: url, status: http.statusCode, contentType: header, cookieProblem: problem)))
        }
        completionHandler(.allow)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        lock.lock()
        redirects += 1
        let count = redirects
        lock.unlock()
        let from = response.url ?? request.url
        guard count <= Self.maximumRedirects else {
            finish(.failure(.tooManyRedirects(from)))
            completionHandler(nil)
            task.cancel()
            return
        }
        takeCookies(from: response, url: from)
        var next = newRequest
        addCookies(to: &next)
        completionHandler(next)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if save(data, task: dataTask) {
            return
        }
        lock.lock()
        let room = finished || !sentHead ? 0 : request.limit - sentBytes
        let count = min(room, data.count)
        sentBytes += count
        let full = room > 0 && sentBytes >= request.limit
        lock.unlock()
        if count > 0 { output.send(.data([UInt8](data.prefix(count)))) }
        if full {
            finish(.end(truncated: true))
            PacedOperationQueue.cancel(dataTask)
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
    ) {
        if let saved = endDownload(failed: error != nil) {
            finish(.saved(saved))
            return
        }
        if let error {
            finish(.failure(Self.loadError(error, url: task.originalRequest?.url ?? request.url)))
            return
        }
        lock.lock()
        let complete = sentHead
        lock.unlock()
        finish(complete ? .end(truncated: false) : .failure(.network(url: request.url, reason: "no response")))
    }

    static func loadError(_ error: any Error, url: URL) -> PageLoadError {
        let host = url.host ?? url.absoluteString
        guard let urlError = error as? URLError else {
            return .network(url: url, reason: error.localizedDescription)
        }
        switch urlError.code {
        case .cancelled: return .cancelled
        case .timedOut: return .timedOut(url)
        case .httpTooManyRedirects: return .tooManyRedirects(url)
        case .cannotFindHost, .dnsLookupFailed:
            return .unreachableHost(host: host, reason: "host not found")
        case .cannotConnectToHost: return .unreachableHost(host: host, reason: "connection refused")
        case .notConnectedToInternet, .networkConnectionLost:
            return .unreachableHost(host: host, reason: "network unavailable")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return .network(url: url, reason: "TLS connection failed")
        default:
            return .network(url: url, reason: urlError.localizedDescription)
        }
    }
}
