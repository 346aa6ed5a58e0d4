import BatonEnvironment
import Dispatch
import Foundation
import Logging
import NIOCore
import NIOPosix
import Notifications
import Wire

/// `baton daemon run`: the per-user account daemon. One per user, guarded by a lock; serves the
/// Unix socket until SIGTERM, SIGINT or a `shutdown` message.
public enum AccountDaemon {
    /// How a run ended.
    public enum Outcome: Sendable, Equatable {
        /// This process served until asked to stop.
        case served
        /// Another daemon holds the lock (its pid when known); this one did nothing.
        case alreadyRunning(pid: Int32?)
    }

    /// The default time a source has to send its payload before a continue fails with 4610.
    public static let defaultContinueTimeout: TimeAmount = .seconds(5)

    /// Runs the daemon in the foreground until it is told to stop. `ready` runs once the socket accepts
    /// connections (`daemon run` then stops writing to its standard error).
    public static func run(
        paths: BatonPaths, continueTimeout: TimeAmount = defaultContinueTimeout,
        limits: DaemonLimits = DaemonLimits(), ready: () -> Void = {}
    ) throws -> Outcome {
        // Everything the daemon creates is the user's alone (0700 directories, 0600 files).
        umask(0o077)
        try paths.prepare()
        let log = paths.logDirectory.appendingPathComponent("daemon.log")
        try StrictModes.checkFile(log)
        FileLogHandler.bootstrap(file: log)
        let logger = Logger(label: "baton.daemon")
        // A socket from the service manager (`baton.socket`), checked before anything is served.
        let activated = try SocketActivation.take(path: paths.daemonSocket.path)
        guard let lock = try InstanceLock.acquire(at: paths.daemonLock, waitIfActivated: activated != nil) else {
            return .alreadyRunning(pid: InstanceLock.recordedPID(at: paths.daemonLock))
        }
        defer { lock.release() }
        if activated == nil { try StaleSocket.remove(at: paths.daemonSocket) }
        defer { if activated == nil { try? StaleSocket.remove(at: paths.daemonSocket) } }
        let store: AccountStore
        do {
            store = try AccountStore(url: paths.database, logger: logger)
        } catch {
            logger.critical("cannot open the database", metadata: ["error": "\(error)"])
            throw error
        }
        // Attachment copies no notification names (a crash between a copy and its request) go.
        AttachmentCleanup.sweep(
            directory: paths.stateDirectory.appendingPathComponent(AttachmentStore.directoryName), pool: store.pool,
            logger: logger)
        DescriptorLimit.raiseToHard()
        // Extensions in a box (ProcessBox): orphans of extensions come back to the daemon, and groups a
        // previous daemon left running are killed.
        ProcessBox.becomeSubreaper()
        let swept = ProcessBox.sweepAndRecord(in: paths.stateDirectory.appendingPathComponent("extension-groups"))
        if swept > 0 {
            logger.notice("killed extensions a previous daemon left running", metadata: ["groups": "\(swept)"])
        }

        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let eventLoop = group.next()
        let stopper = ShutdownTrigger()
        let ownerUID = getuid()
        let server = try DaemonServer.start(
            group: group, eventLoop: eventLoop,
            clock: EventLoopDeadlineClock(
                eventLoop: eventLoop, wall: (try? BatonClock.resolve(option: nil)) ?? .system),
            store: store,
            paths: paths, logger: logger, continueTimeout: continueTimeout, ownerUID: ownerUID, limits: limits,
            activated: activated, shutdown: { stopper.fire() })
        logger.notice(
            "daemon started",
            metadata: [
                "pid": "\(getpid())", "socket": "\(paths.daemonSocket.path)",
                "start": "\(activated == nil ? "on demand" : "socket activation")",
            ])
        ready()

        stopper.arm { server.channel.close(promise: nil) }
        let watch = SocketWatch(path: paths.daemonSocket.path, on: eventLoop, logger: logger) { stopper.fire() }
        defer { watch.cancel() }
        let signals = SignalWatch(signals: [SIGTERM, SIGINT, SIGHUP]) { signal in
            logger.notice("signal received", metadata: ["signal": "\(signal)"])
            stopper.fire()
        }
        try server.channel.closeFuture.wait()
        signals.cancel()
        try server.closeAll(store: store)
        logger.notice("daemon stopped")
        return .served
    }

    /// The pid of the daemon that serves `paths` when one holds the instance lock, even if it does not
    /// answer (at its descriptor limit, say); nil when none runs.
    public static func runningPID(paths: BatonPaths) -> Int32? {
        guard InstanceLock.isHeld(at: paths.daemonLock) else { return nil }
        return InstanceLock.recordedPID(at: paths.daemonLock) ?? 0
    }
}
