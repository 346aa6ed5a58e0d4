import BatonEnvironment
import Dispatch
import Foundation
import Logging
import NIOCore
import NIOPosix
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

    /// Runs the daemon in the foreground until it is told to stop.
    public static func run(paths: BatonPaths, continueTimeout: TimeAmount = defaultContinueTimeout)
        throws -> Outcome
    {
        try paths.prepare()
        FileLogHandler.bootstrap(file: paths.logDirectory.appendingPathComponent("daemon.log"))
        let logger = Logger(label: "baton.daemon")
        guard let lock = try InstanceLock.acquire(at: paths.daemonLock) else {
            return .alreadyRunning(pid: InstanceLock.recordedPID(at: paths.daemonLock))
        }
        defer { lock.release() }
        try StaleSocket.remove(at: paths.socket)
        defer { try? StaleSocket.remove(at: paths.socket) }
        let store = try AccountStore(url: paths.database, logger: logger)

        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let eventLoop = group.next()
        let stopper = ShutdownTrigger()
        let ownerUID = getuid()
        let boundHub = try eventLoop.submit {
            NIOLoopBound(
                try DaemonHub(
                    eventLoop: eventLoop, store: store, logger: logger, continueTimeout: continueTimeout,
                    ownerUID: ownerUID, shutdown: { stopper.fire() }),
                eventLoop: eventLoop)
        }.wait()
        let server = try ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 128)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    try pipeline.addHandler(ByteToMessageHandler(FrameDecoder()))
                    try pipeline.addHandler(MessageToByteHandler(FrameEncoder()))
                    try pipeline.addHandler(ConnectionHandler(hub: boundHub.value))
                }
            }
            .bind(unixDomainSocketPath: paths.socket.path)
            .wait()
        chmod(paths.socket.path, 0o600)
        logger.notice(
            "daemon started", metadata: ["pid": "\(getpid())", "socket": "\(paths.socket.path)"])

        stopper.arm { server.close(promise: nil) }
        let watch = SocketWatch(path: paths.socket.path, on: eventLoop, logger: logger) { stopper.fire() }
        defer { watch.cancel() }
        let signals = SignalWatch(signals: [SIGTERM, SIGINT, SIGHUP]) { signal in
            logger.notice("signal received", metadata: ["signal": "\(signal)"])
            stopper.fire()
        }
        try server.closeFuture.wait()
        signals.cancel()
        try eventLoop.submit { boundHub.value.closeAll() }.wait()
        logger.notice("daemon stopped")
        return .served
    }
}
