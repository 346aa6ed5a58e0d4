import BatonEnvironment
import Foundation
import NIOCore
import NIOPosix
import Wire

/// One open connection to the daemon's Unix socket, framed with `Wire`.
public final class DaemonLink: Sendable {
    private let channel: any Channel

    private init(channel: any Channel) { self.channel = channel }

    /// How often a link that wrote nothing sends a `Heartbeat`, well inside the daemon's `quietTimeout` (120 s):
    /// 15 s, or `heartbeat-ms` in `BATON_DAEMON_LIMITS` (for tests that shorten the daemon's timeout too).
    public static let heartbeatInterval: TimeAmount = {
        let limits = ProcessInfo.processInfo.environment["BATON_DAEMON_LIMITS"] ?? ""
        for pair in limits.split(separator: ",") where pair.hasPrefix("heartbeat-ms=") {
            if let value = Int64(pair.dropFirst("heartbeat-ms=".count)), value > 0 { return .milliseconds(value) }
        }
        return .seconds(15)
    }()

    /// Connects to `socket` and checks (`SO_PEERCRED`) that the daemon there runs as this user: a socket
    /// served by anyone else is refused with `DaemonLinkError.foreignDaemon`, before anything is sent.
    /// `onFrame` and `onClose` run on a NIO thread and must only post.
    public static func connect(
        to socket: URL, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        heartbeat: TimeAmount = DaemonLink.heartbeatInterval,
        onFrame: @escaping @Sendable (InboundFrame) -> Void, onClose: @escaping @Sendable () -> Void
    ) -> EventLoopFuture<DaemonLink> {
        let loop = group.next()
        let verdict = loop.makePromise(of: Void.self)
        return ClientBootstrap(group: loop)
            .connectTimeout(.seconds(2))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    try pipeline.addHandler(PeerCheck(socket: socket.path, verdict: verdict))
                    try pipeline.addHandler(ByteToMessageHandler(FrameDecoder()))
                    try pipeline.addHandler(FrameWriter())
                    try pipeline.addHandler(HeartbeatSender(interval: heartbeat))
                    try pipeline.addHandler(LinkHandler(onFrame: onFrame, onClose: onClose))
                }
            }
            .connect(unixDomainSocketPath: socket.path)
            .flatMapError { error in
                verdict.fail(error)
                return loop.makeFailedFuture(error)
            }
            .flatMap { channel in verdict.futureResult.map { DaemonLink(channel: channel) } }
    }

    /// Sends one message; a message over the frame limit fails the returned future with `WireError`.
    @discardableResult
    public func send(_ message: WireMessage) -> EventLoopFuture<Void> {
        channel.writeAndFlush(message)
    }

    /// Closes the connection.
    public func close() {
        channel.close(promise: nil)
    }

    /// Whether the connection is still open.
    public var isActive: Bool { channel.isActive }
}

/// Checks (`SO_PEERCRED`) who serves the socket the moment the connection is up, on the channel's own loop,
/// before a byte is read: a daemon that answers and closes at once (a refusal at its connection cap) is
/// still known to run, and nothing a foreign peer sends reaches the link's reader.
private final class PeerCheck: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    private let socket: String
    private let verdict: EventLoopPromise<Void>
    private var trusted = false

    init(socket: String, verdict: EventLoopPromise<Void>) {
        self.socket = socket
        self.verdict = verdict
    }

    func channelActive(context: ChannelHandlerContext) {
        // On the channel's loop the option is read at once: the future is already complete here.
        PeerCredentials.uid(of: context.channel).assumeIsolated().whenComplete { [self] result in
            switch result {
            case .success(let uid) where uid == getuid():
                trusted = true
                verdict.succeed()
                context.fireChannelActive()
            case .success(let uid):
                verdict.fail(DaemonLinkError.foreignDaemon(socket: socket, owner: uid))
                context.close(promise: nil)
            case .failure(let error):
                verdict.fail(error)
                context.close(promise: nil)
            }
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard trusted else { return }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        verdict.fail(ChannelError.ioOnClosedChannel)  // A no-op once the verdict is in.
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        verdict.fail(ChannelError.ioOnClosedChannel)
    }
}

/// Forwards frames and the end of the connection to closures.
private final class LinkHandler: ChannelInboundHandler {
    typealias InboundIn = InboundFrame

    private let onFrame: @Sendable (InboundFrame) -> Void
    private let onClose: @Sendable () -> Void

    init(onFrame: @escaping @Sendable (InboundFrame) -> Void, onClose: @escaping @Sendable () -> Void) {
        self.onFrame = onFrame
        self.onClose = onClose
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        onFrame(unwrapInboundIn(data))
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        onFrame(.undecodable(error as? WireError ?? .malformed("\(error)")))
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        onClose()
        context.fireChannelInactive()
    }
}

/// Why a connection to the daemon was refused on this side.
public enum DaemonLinkError: Error, Equatable, CustomStringConvertible {
    /// The process serving the socket runs as another user: it may be impersonating the daemon.
    case foreignDaemon(socket: String, owner: uid_t)

    public var description: String {
        switch self {
        case .foreignDaemon(let socket, let owner):
            "refusing the daemon at \(socket): it is run by \(UserName.describe(owner)), not by you "
                + "(another user may be impersonating it; remove the socket and check who can write to its directory)"
        }
    }
}
