import Foundation
import NIOCore
import Wire

/// The last handler of a client's pipeline: checks the peer's uid, then hands frames to the hub.
final class ConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = InboundFrame

    private let hub: DaemonHub
    private var connection: ClientConnection?
    /// Frames that arrived before the peer check finished.
    private var early: [InboundFrame] = []
    private var checked = false
    /// Whether a complete frame has arrived (the refusal of a quiet client says which silence it was).
    private var heard = false
    private static let earlyLimit = 64

    private let maxQueuedBytes: Int
    private let idleTimeout: TimeAmount
    private let quietTimeout: TimeAmount
    /// Closes the connection if it has not sent a complete frame yet; cancelled by its first one.
    private var silence: Scheduled<Void>?
    private let closed: @Sendable () -> Void

    /// `idleTimeout`: how long the client may stay silent after connecting; `quietTimeout`: the read timeout of
    /// the `IdleStateHandler` before this handler (named in the refusal); `closed` runs when it goes.
    init(
        hub: DaemonHub, maxQueuedBytes: Int, idleTimeout: TimeAmount = .seconds(10),
        quietTimeout: TimeAmount = .seconds(120), closed: @escaping @Sendable () -> Void = {}
    ) {
        self.hub = hub
        self.maxQueuedBytes = maxQueuedBytes
        self.idleTimeout = idleTimeout
        self.quietTimeout = quietTimeout
        self.closed = closed
    }

    func channelActive(context: ChannelHandlerContext) {
        let channel = context.channel
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        let timeout = idleTimeout
        silence = context.eventLoop.scheduleTask(in: timeout) {
            let error = SilentClient(timeout: timeout)
            if let connection = bound.value.connection {
                bound.value.hub.broken(connection, error: error)
            } else {
                channel.close(promise: nil)
            }
        }
        PeerCredentials.peer(of: channel).whenComplete { result in
            let handler = bound.value
            let hub = handler.hub
            handler.checked = true
            let peer = try? result.get()
            handler.connection = hub.opened(channel, peerUID: peer?.uid, peerPID: peer?.pid)
            if let connection = handler.connection {
                for frame in handler.early { hub.received(frame, from: connection) }
            }
            handler.early = []
        }
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        silence?.cancel()
        silence = nil
        heard = true
        guard checked else {
            if early.count < Self.earlyLimit { early.append(frame) }
            return
        }
        guard let connection else { return }
        hub.received(frame, from: connection)
    }

    /// No complete frame for `DaemonLimits.quietTimeout` (`IdleStateHandler` before this handler): a client that
    /// stays connected sends heartbeats, so this one is stopped, hung or holding a slot on purpose.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read else {
            return context.fireUserInboundEventTriggered(event)
        }
        let error = SilentClient(timeout: quietTimeout, afterFirstFrame: heard)
        if let connection { hub.broken(connection, error: error) } else { context.close(promise: nil) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let connection { hub.broken(connection, error: error) } else { context.close(promise: nil) }
    }

    /// The client stopped reading and its queue passed the high-water mark (`DaemonLimits.maxQueuedBytes`):
    /// drop it rather than hold ever more for it.
    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if !context.channel.isWritable {
            let error = SlowClient(limit: maxQueuedBytes)
            if let connection { hub.broken(connection, error: error) } else { context.close(promise: nil) }
        }
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        silence?.cancel()
        silence = nil
        if let connection { hub.closed(connection) }
        connection = nil
        closed()
        context.fireChannelInactive()
    }
}

/// Why a client that does not read its messages was dropped.
struct SlowClient: Error, CustomStringConvertible {
    var limit: Int
    var description: String { "the client does not read: over \(limit) bytes queued for it; dropping it" }
}

/// Why a client that connected and never sent a request, or went quiet after one, was dropped.
struct SilentClient: Error, CustomStringConvertible {
    var timeout: TimeAmount
    var afterFirstFrame = false
    var description: String {
        let milliseconds = timeout.nanoseconds / 1_000_000
        return afterFirstFrame
            ? "nothing heard for \(milliseconds) ms (a client that stays connected sends a heartbeat)"
            : "no request within \(milliseconds) ms of connecting"
    }
}
