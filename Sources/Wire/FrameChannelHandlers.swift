import NIOCore

/// NIO decoder: bytes → `InboundFrame`. Reports a frame cut short at end of stream as `truncated`.
///
/// With a `partialFrameTimeout`, a frame that stays partly received for longer than that fails the
/// channel with `stalledFrame` (the daemon then closes it): a peer cannot pin a megabyte of the
/// daemon's memory by sending half a frame and stopping.
public struct FrameDecoder: ByteToMessageDecoder {
    public typealias InboundOut = InboundFrame

    private let partialFrameTimeout: TimeAmount?
    private var stallTimer: Scheduled<Void>?

    public init(partialFrameTimeout: TimeAmount? = nil) {
        self.partialFrameTimeout = partialFrameTimeout
    }

    public mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws
        -> DecodingState
    {
        guard let frame = try FrameCodec.decode(from: &buffer) else {
            if buffer.readableBytes > 0 { armStallTimer(context: context, buffer: buffer) }
            return .needMoreData
        }
        stallTimer?.cancel()
        stallTimer = nil
        context.fireChannelRead(Self.wrapInboundOut(frame))
        return .continue
    }

    /// Starts the clock on a partly received frame, once: trickling more bytes does not restart it.
    private mutating func armStallTimer(context: ChannelHandlerContext, buffer: ByteBuffer) {
        guard let timeout = partialFrameTimeout, stallTimer == nil else { return }
        let pipeline = context.pipeline
        let received = buffer.readableBytes
        stallTimer = context.eventLoop.scheduleTask(in: timeout) {
            pipeline.fireErrorCaught(
                WireError.stalledFrame(received: received, milliseconds: timeout.nanoseconds / 1_000_000))
        }
    }

    public mutating func decoderRemoved(context: ChannelHandlerContext) {
        stallTimer?.cancel()
        stallTimer = nil
    }

    public mutating func decodeLast(
        context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool
    ) throws
        -> DecodingState
    {
        stallTimer?.cancel()
        stallTimer = nil
        while try decode(context: context, buffer: &buffer) == .continue {}
        stallTimer?.cancel()
        stallTimer = nil
        if buffer.readableBytes > 0 {
            let expected = (try? FrameHeader.peek(buffer)).flatMap { $0 }.map {
                FrameHeader.size + $0.length
            }
            throw WireError.truncated(
                expected: expected ?? FrameHeader.size, received: buffer.readableBytes)
        }
        return .needMoreData
    }
}
