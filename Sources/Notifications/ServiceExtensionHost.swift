import BatonEnvironment
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a notification service extension for a push (`PushNotification.needsServiceExtension`): starts it
/// as a child process, sends the request, and delivers its content or, on any failure, the original.
///
/// `run` blocks the calling thread until the extension answers or is ended (up to deadline + grace);
/// call it off any event loop.
public struct ServiceExtensionHost: Sendable {
    /// Where extension executables are (next to the running `baton`).
    public var executableDirectory: URL
    /// The shared app group container passed to every extension.
    public var appGroupDirectory: URL
    /// The file extensions' stderr is appended to; nil discards it.
    public var errorLog: URL?
    public var limits: ServiceExtensionLimits

    public init(
        executableDirectory: URL, appGroupDirectory: URL, errorLog: URL?, limits: ServiceExtensionLimits = .standard
    ) {
        self.executableDirectory = executableDirectory
        self.appGroupDirectory = appGroupDirectory
        self.errorLog = errorLog
        self.limits = limits
        // An extension that dies while we write to it must not take the daemon with it.
        signal(SIGPIPE, SIG_IGN)
    }

    /// The largest request line sent (well under Linux's 64 KB pipe buffer; a push is at most 4 KB).
    public static let maxRequestBytes = 32 * 1024

    /// A host for the running `baton`: its directory, the paths' app group, `logs/extensions.log`.
    public init(paths: BatonPaths, limits: ServiceExtensionLimits = .standard) {
        self.init(
            executableDirectory: ResourceLocator.helperDirectory(), appGroupDirectory: paths.appGroupDirectory,
            errorLog: paths.logDirectory.appendingPathComponent("extensions.log"), limits: limits)
    }

    /// Runs `manifest`'s executable for `request` of `bundleIdentifier`; never throws: the outcome carries
    /// the content to deliver and, when that is the original, the reason.
    public func run(_ manifest: ServiceExtensionManifest, request: NotificationRequest) -> ServiceExtensionOutcome {
        var original = ServiceExtensionOutcome(content: request.content)
        let message = ServiceExtensionHostMessage(
            request: ServiceExtensionRequest(
                bundleIdentifier: manifest.appBundleIdentifier, request: request,
                appGroupPath: appGroupDirectory.path))
        // The request goes whole into the pipe before the extension reads it: it must fit the pipe's buffer,
        // or an extension that never reads would block the host.
        guard let line = try? ServiceExtensionLine.encode(message), line.count <= Self.maxRequestBytes else {
            original.failure = .requestTooLarge(limit: Self.maxRequestBytes)
            return original
        }
        let started = ContinuousClock.now
        let process: ChildProcess
        do {
            process = try ExtensionLaunch.start(
                executable: manifest.executable, in: executableDirectory, appGroupDirectory: appGroupDirectory,
                errorLog: errorLog)
        } catch {
            original.failure = ServiceExtensionFailure(error)
            return original
        }
        var session = ServiceExtensionSession(process: process, limits: limits, started: started)
        return session.run(requestLine: line, original: request.content)
    }
}
