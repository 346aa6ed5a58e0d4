import BatonEnvironment
import Foundation
import WidgetExtensionKit

#if canImport(Glibc)
    import Glibc
#endif

/// Runs widget extensions: starts the process, asks for one update, shows what came back and
/// ends the process, holding it to its memory and time budget.
///
/// `update` blocks the calling thread until the widget answers or is ended; call it off the UI thread.
public struct WidgetHost: Sendable {
    /// Where the extension executables are (next to the running `baton`).
    public var executableDirectory: URL
    /// The shared app group container passed to every extension.
    public var appGroupDirectory: URL
    /// The file extensions' stderr is appended to; nil discards it.
    public var errorLog: URL?
    public var limits: WidgetLimits
    /// The clock of the update deadline (monotonic time: a wall-clock jump does not end a widget early).
    public var clock: any DeadlineClock

    public init(
        executableDirectory: URL, appGroupDirectory: URL, errorLog: URL?,
        limits: WidgetLimits = .standard, clock: any DeadlineClock = SystemDeadlineClock()
    ) {
        self.clock = clock
        self.executableDirectory = executableDirectory
        self.appGroupDirectory = appGroupDirectory
        self.errorLog = errorLog
        self.limits = limits
        // A widget that dies while we write to it must not take the host with it.
        signal(SIGPIPE, SIG_IGN)
    }

    /// A host for the running `baton`, using the paths' app group and log directory.
    public init(paths: BatonPaths, limits: WidgetLimits = .standard) {
        self.init(
            executableDirectory: ResourceLocator.helperDirectory(),
            appGroupDirectory: paths.appGroupDirectory,
            errorLog: paths.logDirectory.appendingPathComponent("widgets.log"), limits: limits)
    }

    /// The request for an update at `now` in `timeZone`.
    public func request(
        now: Date, displayMode: WidgetDisplayMode, maximumWidth: Int, timeZone: TimeZone = .current
    ) -> WidgetRequest {
        WidgetRequest(
            now: now.timeIntervalSince1970, utcOffsetSeconds: timeZone.secondsFromGMT(for: now),
            timeZone: timeZone.identifier, displayMode: displayMode, appGroupPath: appGroupDirectory.path,
            maximumWidth: maximumWidth)
    }

    /// Starts `widget`, asks it to update, and ends it; never throws: failures are in the outcome.
    public func update(_ widget: WidgetManifest, request: WidgetRequest) -> WidgetOutcome {
        var outcome = WidgetOutcome(widget: widget.bundleIdentifier)
        let started = clock.monotonic()
        let process: ChildProcess
        do {
            process = try ExtensionLaunch.start(
                executable: widget.executable, in: executableDirectory, appGroupDirectory: appGroupDirectory,
                errorLog: errorLog)
        } catch {
            outcome.failure = WidgetFailure(error)
            return outcome
        }
        var session = WidgetSession(
            process: process, limits: limits, clock: clock, deadline: started + limits.updateTimeout.seconds,
            started: started)
        session.run(request: request, into: &outcome)
        return outcome
    }
}
