import BatonEnvironment
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The raw result of an HTTP fetch: final URL, status, headers' content type, and at most `limit` bytes.
struct HTTPResponseBody: Sendable {
    var url: URL
    var statusCode: Int
    var contentType: ContentType
    var bytes: [UInt8]
    var isTruncated: Bool
    /// Why cookies were off, if they were.
    var cookieProblem: String?
    /// Set when the response was a file, saved there (the rest is empty).
    var saved: SavedFile?
}

/// One http(s) fetch in the `baton-fetch` network process, so that `baton` itself never loads
/// URLSession's networking (FoundationNetworking and libcurl); see `FetchProtocol`.
///
/// The child's reply is read on a thread of its own (`poll` on its stdout) and handed to the caller's
/// task through a continuation. Cancelling the task kills the child within one poll interval; the child
/// is reaped on every path.
struct NetworkProcess: Sendable {
    /// The `baton-fetch` executable.
    var executable: URL
    var request: FetchRequest
    /// Told how a download is coming along (on the reading thread).
    var onProgress: (@Sendable (DownloadProgress) -> Void)?

    /// How often the reading thread looks for cancellation.
    static let pollInterval = Duration.milliseconds(25)
    /// How long the child may stay silent beyond the request's own timeout before it is ended.
    static let silenceAllowance = Duration.seconds(10)
    /// How long the child has to exit once its output has ended.
    static let exitGrace = Duration.seconds(2)

    /// Fetches `request`; throws `PageLoadError`, `.cancelled` when the task is cancelled.
    func run() async throws -> HTTPResponseBody {
        try checkExecutable()
        let cancellation = Cancellation()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                Thread.detachNewThread {
                    do {
                        continuation.resume(returning: try converse(cancellation))
                    } catch {
                        continuation.resume(throwing: error)
                    }
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    /// Fetches `request` on the calling thread, which blocks until the reply is in; throws `PageLoadError`.
    func runBlocking() throws -> HTTPResponseBody {
        try checkExecutable()
        return try converse(Cancellation())
    }

    private func checkExecutable() throws(PageLoadError) {
        guard access(executable.path, X_OK) == 0 else { throw .fetcherMissing(executable.path) }
    }

    /// The whole exchange with the child, blocking the reading thread.
    private func converse(_ cancellation: Cancellation) throws(PageLoadError) -> HTTPResponseBody {
        if cancellation.isCancelled { throw .cancelled }
        let process: ChildProcess
        do {
            process = try ChildProcess.spawn(executable: executable.path, arguments: request.arguments, errorLog: nil)
        } catch {
            throw .network(url: request.url, reason: error.description)
        }
        var decoder = FetchReplyDecoder(limit: request.limit)
        func end() {
            process.kill()
            _ = process.reap(grace: .zero)
            // A download cut short leaves no partial file behind.
            if let partial = decoder.progress?.path { unlink(partial) }
        }
        if let post = request.post, !process.write(post.bytes) {
            end()
            throw failure("it did not take the form's data")
        }
        var reported: DownloadProgress?
        let silenceLimit = Duration.seconds(request.timeout) + Self.silenceAllowance
        var lastHeard = ContinuousClock.now
        reading: while !decoder.cutHere {
            if cancellation.isCancelled {
                end()
                throw .cancelled
            }
            switch process.read(timeout: Self.pollInterval) {
            case .bytes(let bytes):
                lastHeard = .now
                do {
                    try decoder.append(bytes)
                } catch {
                    end()
                    throw failure("it sent \(error.description)")
                }
                if let progress = decoder.progress, progress != reported {
                    reported = progress
                    onProgress?(progress)
                }
            case .nothingYet:
                if ContinuousClock.now - lastHeard > silenceLimit {
                    end()
                    throw .timedOut(request.url)
                }
            case .endOfFile:
                break reading
            }
        }
        // A child that sent more than the limit is ended: this side has what it keeps.
        if decoder.cutHere { process.kill() }
        let exit = process.reap(grace: decoder.cutHere ? .zero : Self.exitGrace)
        let outcome: FetchReplyDecoder.Outcome
        do {
            outcome = try decoder.finish()
        } catch {
            throw failure("it sent \(error.description) and \(Self.describe(exit))")
        }
        if !decoder.cutHere && !exit.isSuccess { throw failure("it \(Self.describe(exit)) after its reply") }
        switch outcome {
        case .failed(let error):
            throw error
        case .saved(let file):
            return HTTPResponseBody(
                url: request.url, statusCode: 200, contentType: ContentType(header: nil), bytes: [], isTruncated: false,
                saved: file)
        case .page(let head, let body, let truncated):
            // The decoder checked that the URL parses.
            let url = URL(string: head.url) ?? request.url
            let contentType = ContentType(header: head.contentType)
            guard contentType.isText else {
                throw .binaryContent(contentType: contentType.mediaType, url: url)
            }
            return HTTPResponseBody(
                url: url, statusCode: head.status, contentType: contentType, bytes: body, isTruncated: truncated,
                cookieProblem: head.cookieProblem)
        }
    }

    private func failure(_ detail: String) -> PageLoadError {
        .network(url: request.url, reason: "the network process failed: \(detail)")
    }

    private static func describe(_ exit: ChildProcess.Exit) -> String {
        if let signal = exit.signal { return "was ended by signal \(signal)" }
        return "exited with status \(exit.status.map(String.init) ?? "unknown")"
    }
}

/// Set by the task's cancellation handler, read by the reading thread.
private final class Cancellation: Sendable {
    private let flag = Atomic(false)

    var isCancelled: Bool { flag.load(ordering: .acquiring) }

    func cancel() { flag.store(true, ordering: .releasing) }
}
