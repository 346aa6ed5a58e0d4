import BatonEnvironment
import Foundation
import Logging
import NIOCore
import NIOPosix
import Wire

/// The daemon's listening socket and the hub behind it, on one event loop: what `AccountDaemon.run` serves,
/// and what the services' tests start inside their own process.
struct DaemonServer {
    /// The services' state, owned by `eventLoop`.
    let hub: NIOLoopBound<DaemonHub>
    /// The listening socket.
    let channel: any Channel
    let eventLoop: any EventLoop

    /// Builds the hub on `eventLoop` and binds `paths.daemonSocket`, or serves `activated`, the socket a service
    /// manager bound there (`SocketActivation`). `clock` is the daemon's time (an `EventLoopDeadlineClock` in a
    /// real run, a `ManualClock` in tests).
    static func start(
        group: any EventLoopGroup, eventLoop: any EventLoop, clock: any DeadlineClock, store: AccountStore,
        paths: BatonPaths, logger: Logger, continueTimeout: TimeAmount, ownerUID: uid_t, limits: DaemonLimits,
        activated: CInt? = nil, shutdown: @escaping @Sendable () -> Void
    ) throws -> DaemonServer {
        let boundHub = try eventLoop.submit {
            NIOLoopBound(
                try DaemonHub(
                    eventLoop: eventLoop, clock: clock, store: store, paths: paths, logger: logger,
                    continueTimeout: continueTimeout, ownerUID: ownerUID, limits: limits, shutdown: shutdown),
                eventLoop: eventLoop)
        }.wait()
        let acceptPressure = AcceptPressure(logger: logger)
        let reserve = ReserveDescriptor()
        let partialFrames = PartialFrameBudget(limit: limits.maxPartialFrameBytes)
        let listener = try activated ?? ListeningSocket.bind(path: paths.daemonSocket.path)
        let channel = try ServerBootstrap(group: group)
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        AcceptGate(pressure: acceptPressure, listener: listener, reserve: reserve))
                }
            }
            .childChannelOption(
                .writeBufferWaterMark,
                value: ChannelOptions.Types.WriteBufferWaterMark(
                    low: limits.maxQueuedBytes / 2, high: limits.maxQueuedBytes)
            )
            .childChannelInitializer { channel in
                acceptPressure.accepted()
                return channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    try pipeline.addHandler(
                        ByteToMessageHandler(
                            FrameDecoder(partialFrameTimeout: limits.partialFrameTimeout, budget: partialFrames)))
                    // After the decoder: only complete frames count as hearing from the client.
                    try pipeline.addHandler(IdleStateHandler(readTimeout: limits.quietTimeout))
                    try pipeline.addHandler(
                        ConnectionHandler(
                            hub: boundHub.value, maxQueuedBytes: limits.maxQueuedBytes,
                            idleTimeout: limits.idleTimeout, quietTimeout: limits.quietTimeout,
                            closed: acceptPressure.connectionClosed))
                }
            }
            .withBoundSocket(listener)
            .wait()
        let path = paths.daemonSocket.path
        // A passed socket's file is the service manager's: it stays, so that the next connection starts the
        // daemon again.
        if activated != nil { return DaemonServer(hub: boundHub, channel: channel, eventLoop: eventLoop) }
        chmod(path, 0o600)
        // The socket file goes with the listening socket (NIO removed it when it bound the path itself), so
        // a daemon can start again on the same path; one that replaced it meanwhile is left alone.
        let identity = SocketWatch.identity(of: path)
        channel.closeFuture.whenComplete { _ in
            if let identity, SocketWatch.identity(of: path) == identity { unlink(path) }
        }
        return DaemonServer(hub: boundHub, channel: channel, eventLoop: eventLoop)
    }

    /// Closes every client connection, then waits until every queued database write is committed (their
    /// replies go out on the loop, which still runs).
    func closeAll(store: AccountStore) throws {
        try eventLoop.submit { hub.value.closeAll() }.wait()
        try store.pool.barrierWriteWithoutTransaction { _ in }
    }
}
