import BatonEnvironment

#if canImport(Glibc)
    import Glibc
#endif

/// Why a widget could not be loaded; the panel shows "Unable to Load" and keeps going.
public enum WidgetFailure: Error, Equatable, Sendable, CustomStringConvertible {
    case executableMissing(String)
    case spawnFailed(String, Int32)
    case memoryExceeded(peakKB: Int, limitKB: Int)
    case timedOut(milliseconds: Int)
    case crashed(signal: Int32)
    case exited(status: Int32)
    case garbage(String)
    case protocolMismatch(version: Int)
    case cancelled(reason: String)

    public var description: String {
        switch self {
        case .executableMissing(let path):
            "the extension's executable \(path) is missing (build it with swift build)"
        case .spawnFailed(let path, let code):
            "cannot start \(path): \(String(cString: strerror(code)))"
        case .memoryExceeded(let peak, let limit):
            "ended: used \(peak) KB, over its \(limit) KB memory budget"
        case .timedOut(let milliseconds): "ended: no answer within \(milliseconds) ms"
        case .crashed(let signal): "crashed (signal \(signal))"
        case .exited(let status): "exited with status \(status) before answering"
        case .garbage(let detail): "sent something that is not the widget protocol: \(detail)"
        case .protocolMismatch(let version): "speaks widget protocol \(version), the host speaks 1"
        case .cancelled(let reason): "cancelled the request: \(reason)"
        }
    }
}

extension WidgetFailure {
    /// The failure to start the extension at all.
    init(_ launch: ExtensionLaunch.Failure) {
        switch launch {
        case .executableMissing(let path): self = .executableMissing(path)
        case .spawnFailed(let path, let code): self = .spawnFailed(path, code)
        }
    }
}
