import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The raw result of an HTTP fetch: final URL, status, headers' content type, and at most `limit` bytes.
struct HTTPResponseBody: Sendable {
    var url: URL
    var statusCode: Int
    var contentType: ContentType
    var bytes: [UInt8]
    var isTruncated: Bool
}

/// One HTTP(S) fetch through URLSession's delegate API, so binary types are refused from the headers
/// and bodies are cut at the limit without downloading the rest. Redirects are followed by URLSession.
final class HTTPFetch: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let limit: Int
    private let lock = NSLock()
    // Guarded by `lock`.
    private var continuation: CheckedContinuation<HTTPResponseBody, any Error>?
    private var body = Data()
    private var response: HTTPURLResponse?
    private var finished = false
    private var cancelled = false

    init(limit: Int) {
        self.limit = limit
    }

    /// Fetches `request`; throws `PageLoadError` (including `.cancelled` when the task is cancelled).
    static func run(_ request: URLRequest, limit: Int) async throws -> HTTPResponseBody {
        let fetch = HTTPFetch(limit: limit)
        let session = URLSession(configuration: .ephemeral, delegate: fetch, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if fetch.begin(continuation) { task.resume() }
            }
        } onCancel: {
            fetch.finish(.failure(PageLoadError.cancelled))
            task.cancel()
        }
    }

    /// Stores the continuation; false when the fetch was already cancelled (and the continuation resumed).
    private func begin(_ continuation: CheckedContinuation<HTTPResponseBody, any Error>) -> Bool {
        lock.lock()
        if cancelled || finished {
            lock.unlock()
            continuation.resume(throwing: PageLoadError.cancelled)
            return false
        }
        self.continuation = continuation
        lock.unlock()
        return true
    }

    private func finish(_ result: Result<HTTPResponseBody, any Error>) {
        lock.lock()
        if case .failure(PageLoadError.cancelled) = result { cancelled = true }
        guard !finished else {
            lock.unlock()
            return
        }
        let waiting = continuation
        if waiting != nil {
            finished = true
            continuation = nil
        }
        lock.unlock()
        waiting?.resume(with: result)
    }

    private func currentBody(truncated: Bool) -> Result<HTTPResponseBody, any Error> {
        guard let response, let url = response.url else {
            return .failure(PageLoadError.network(url: URL(fileURLWithPath: "/"), reason: "no response"))
        }
        let contentType = ContentType(header: response.value(forHTTPHeaderField: "Content-Type"))
        return .success(
            HTTPResponseBody(
                url: url, statusCode: response.statusCode, contentType: contentType, bytes: [UInt8](body),
                isTruncated: truncated))
    }

    // MARK: URLSessionDataDelegate

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse, let url = http.url else {
            completionHandler(.allow)
            return
        }
        let contentType = ContentType(header: http.value(forHTTPHeaderField: "Content-Type"))
        guard contentType.isText else {
            finish(.failure(PageLoadError.binaryContent(contentType: contentType.mediaType, url: url)))
            completionHandler(.cancel)
            return
        }
        lock.lock()
        self.response = http
        lock.unlock()
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        body.append(data)
        let full = body.count >= limit
        if full { body = body.prefix(limit) }
        lock.unlock()
        if full {
            lock.lock()
            let result = currentBody(truncated: true)
            lock.unlock()
            finish(result)
            dataTask.cancel()
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
    ) {
        if let error {
            finish(.failure(Self.loadError(error, url: task.originalRequest?.url)))
            return
        }
        lock.lock()
        let result = currentBody(truncated: false)
        lock.unlock()
        finish(result)
    }

    static func loadError(_ error: any Error, url: URL?) -> PageLoadError {
        let url = url ?? URL(fileURLWithPath: "/")
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
