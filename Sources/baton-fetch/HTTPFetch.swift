import Foundation
import PageLoading

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP(S) fetch through URLSession's delegate API, reported as `FetchProtocol` frames as it goes:
/// binary types are refused from the headers, and the body is cut at the limit without downloading the
/// rest. Redirects are followed by URLSession.
final class HTTPFetch: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let request: FetchRequest
    private let output: FrameOutput
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    // Guarded by `lock`.
    private var sentHead = false
    private var sentBytes = 0
    private var finished = false

    private init(request: FetchRequest, output: FrameOutput) {
        self.request = request
        self.output = output
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
        let session = URLSession(configuration: .ephemeral, delegate: fetch, delegateQueue: nil)
        session.dataTask(with: urlRequest).resume()
        fetch.done.wait()
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
        let header = http.value(forHTTPHeaderField: "Content-Type")
        let contentType = ContentType(header: header)
        guard contentType.isText else {
            finish(.failure(.binaryContent(contentType: contentType.mediaType, url: url)))
            completionHandler(.cancel)
            return
        }
        lock.lock()
        let send = !finished && !sentHead
        sentHead = true
        lock.unlock()
        if send { output.send(.head(FetchHead(url: url, status: http.statusCode, contentType: header))) }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        let room = finished || !sentHead ? 0 : request.limit - sentBytes
        let count = min(room, data.count)
        sentBytes += count
        let full = room > 0 && sentBytes >= request.limit
        lock.unlock()
        if count > 0 { output.send(.data([UInt8](data.prefix(count)))) }
        if full {
            finish(.end(truncated: true))
            dataTask.cancel()
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
    ) {
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
