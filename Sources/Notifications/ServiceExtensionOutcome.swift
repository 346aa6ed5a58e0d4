import BatonEnvironment

#if canImport(Glibc)
    import Glibc
#endif

/// What running a service extension gave: the content to deliver and, when that is the original, why.
public struct ServiceExtensionOutcome: Hashable, Sendable {
    /// The content to deliver: the extension's, or the original when `failure` is set.
    public var content: NotificationContent
    /// Why the original is delivered (for the log); nil when the extension's content is.
    public var failure: ServiceExtensionFailure?
    /// The extension was told time would expire (its reply, if any, is its best attempt).
    public var expired: Bool
    /// The extension's peak resident set size, in KB (0 when never sampled).
    public var peakRSSKB: Int

    public init(
        content: NotificationContent, failure: ServiceExtensionFailure? = nil, expired: Bool = false,
        peakRSSKB: Int = 0
    ) {
        self.content = content
        self.failure = failure
        self.expired = expired
        self.peakRSSKB = peakRSSKB
    }

    /// True when the extension's content is delivered.
    public var modified: Bool { failure == nil }
}

/// Why a service extension's content was not used.
public enum ServiceExtensionFailure: Error, Hashable, Sendable, CustomStringConvertible {
    case executableMissing(String)
    case spawnFailed(String, Int32)
    /// Ended by a signal before answering.
    case crashed(signal: Int32)
    /// Exited before answering.
    case exited(status: Int32)
    /// No answer by the deadline plus grace.
    case timedOut(milliseconds: Int)
    /// Told time would expire, it gave no content of its own.
    case expiredWithoutBestAttempt
    case memoryExceeded(peakKB: Int, limitKB: Int)
    /// More output than the limit.
    case outputFlood(bytes: Int, limit: Int)
    /// Output that is not a reply.
    case garbage(String)
    /// The reply has no title, subtitle or body.
    case noAlertText
    /// The reply's content breaks a rule of `NotificationContent.validate()`.
    case invalidContent(String)
    /// The request is too large to hand to an extension (it was not started).
    case requestTooLarge(limit: Int)
    /// The app's extension already runs for `perApp` pushes (or the host for its total): not started.
    case tooManyRuns(perApp: Int)

    public var description: String {
        switch self {
        case .executableMissing(let path): "the extension's executable \(path) is missing or not executable"
        case .spawnFailed(let path, let code): "cannot start \(path): \(String(cString: strerror(code)))"
        case .crashed(let signal): "the extension crashed (signal \(signal))"
        case .exited(let status): "the extension exited with status \(status) without an answer"
        case .timedOut(let milliseconds): "the extension did not answer within \(milliseconds) ms"
        case .expiredWithoutBestAttempt: "the extension's time expired before it had a best attempt"
        case .memoryExceeded(let peak, let limit): "the extension used \(peak) KB, over its \(limit) KB budget"
        case .outputFlood(let bytes, let limit): "the extension wrote \(bytes) bytes, over the \(limit)-byte limit"
        case .garbage(let reason): "the extension's answer is unreadable: \(reason)"
        case .noAlertText: "the extension's content has no title, subtitle or body"
        case .invalidContent(let reason): "the extension's content is invalid: \(reason)"
        case .requestTooLarge(let limit): "the request is over \(limit) bytes; the extension was not started"
        case .tooManyRuns(let perApp):
            "the extension already runs for \(perApp) pushes of this app (or 16 in all); the extension was not started"
        }
    }
}

extension ServiceExtensionFailure {
    /// The failure to start the extension at all.
    init(_ launch: ExtensionLaunch.Failure) {
        switch launch {
        case .executableMissing(let path): self = .executableMissing(path)
        case .spawnFailed(let path, let code): self = .spawnFailed(path, code)
        }
    }
}
