import NIOCore

/// NIO outbound handler: `WireMessage` → one frame, checked against the frame limit before anything is
/// written. A message that cannot be encoded fails its own write promise and nothing else: unlike
/// NIO's `MessageToByteHandler`, the channel never enters an error state in which every later write
/// fails too (which once turned one oversized reply into an endless loop of error frames).
public final class FrameWriter: ChannelOutboundHandler {
    public typealias OutboundIn = WireMessage
    public typealias OutboundOut = ByteBuffer

    public init() {}

    public func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let message = unwrapOutboundIn(data)
        var buffer = context.channel.allocator.buffer(capacity: 256)
        do {
            try FrameCodec.encode(message, into: &buffer)
        } catch {
            promise?.fail(error)
            return
        }
        context.write(wrapOutboundOut(buffer), promise: promise)
    }
}
