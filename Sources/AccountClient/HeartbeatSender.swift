import NIOCore
import Wire

/// Keeps a quiet link to the daemon alive: once per `interval`, a `Heartbeat` frame if nothing else was written
/// since the last look. The daemon closes connections that send nothing for its `quietTimeout` (so idle ones
/// cannot hold its 64-connection cap for ever); a follower that only listens stays by this. An active link
/// pays one flag per write and sends no extra frame.
final class HeartbeatSender: ChannelDuplexHandler {
    typealias InboundIn = InboundFrame
    typealias InboundOut = InboundFrame
    typealias OutboundIn = WireMessage
    typealias OutboundOut = WireMessage

    private let interval: TimeAmount
    private var wrote = false
    private var beat: RepeatedTask?

    init(interval: TimeAmount) { self.interval = interval }

    func channelActive(context: ChannelHandlerContext) {
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        beat = context.eventLoop.scheduleRepeatedTask(initialDelay: interval, delay: interval) { _ in
            let (handler, context) = bound.value
            if !handler.wrote {
                context.writeAndFlush(handler.wrapOutboundOut(.heartbeat(Heartbeat())), promise: nil)
            }
            handler.wrote = false
        }
        context.fireChannelActive()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        wrote = true
        context.write(data, promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) { stop() }

    private func stop() {
        beat?.cancel()
        beat = nil
    }
}
