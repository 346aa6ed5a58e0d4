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
public struct ServiceExtensionRunner: Sendable {
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

    /// A runner for the running `baton`: its directory, the paths' app group, `logs/extensions.log`.
    public init(paths: BatonPaths, limits: ServiceExtensionLimits = .standard) {
        self.init(
            executableDirectory: ResourceLocator.executableDirectory(), appGroupDirectory: paths.appGroupDirectory,
            errorLog: paths.logDirectory.appendingPathComponent("extensions.log"), limits: limits)
    }

    /// Runs `manifest`'s executable for `request` of `bundleIdentifier`; never throws: the outcome carries
    /// the content to deliver and, when that is the original, the reason.
    public func run(_ manifest: ServiceExtensionManifest, request: NotificationRequest) -> ServiceExtensionOutcome {
        let original = ServiceExtensionOutcome(content: request.content)
        let executable = executableDirectory.appendingPathComponent(manifest.executable).path
        guard access(executable, X_OK) == 0 else {
            return with(original, failure: .executableMissing(executable))
        }
        try? FileManager.default.createDirectory(
            at: appGroupDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        if let errorLog {
            try? FileManager.default.createDirectory(
                at: errorLog.deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        let started = ContinuousClock.now
        let process: ChildProcess
        do {
            process = try ChildProcess.spawn(executable: executable, errorLog: errorLog?.path)
        } catch {
            return with(original, failure: .spawnFailed(error.executable, error.code))
        }
        let message = ServiceExtensionHostMessage(
            request: ServiceExtensionRequest(
                bundleIdentifier: manifest.appBundleIdentifier, request: request,
                appGroupPath: appGroupDirectory.path))
        var session = ServiceExtensionSession(process: process, limits: limits, started: started)
        return session.run(message: message, original: request.content)
    }

    private func with(_ outcome: ServiceExtensionOutcome, failure: ServiceExtensionFailure) -> ServiceExtensionOutcome {
        var outcome = outcome
        outcome.failure = failure
        return outcome
    }
}
