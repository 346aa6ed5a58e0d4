import NIOCore

/// NIO decoder: bytes → `InboundFrame`. Reports a frame cut short at end of stream as `truncated`.
///
/// With a `partialFrameTimeout`, a frame that stays partly received for longer than that fails the
/// channel with `stalledFrame` (the daemon then closes it): a peer cannot pin a megabyte of the
/// daemon's memory by sending half a frame and stopping. With a `budget`, the memory all connections'
/// incomplete frames hold together is bounded too.
public struct FrameDecoder: ByteToMessageDecoder {
    public typealias InboundOut = InboundFrame

    private let partialFrameTimeout: TimeAmount?
    private var stallTimer: Scheduled<Void>?
    private let budget: PartialFrameBudget?
    private let holder: Int

    public init(partialFrameTimeout: TimeAmount? = nil, budget: PartialFrameBudget? = nil) {
        self.partialFrameTimeout = partialFrameTimeout
        self.budget = budget
        holder = budget?.register() ?? 0
    }

    public mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws
        -> DecodingState
    {
        guard let frame = try FrameCodec.decode(from: &buffer) else {
            if buffer.readableBytes > 0 {
                try budget?.hold(holder, bytes: buffer.capacity)
                armStallTimer(context: context, buffer: buffer)
            }
            return .needMoreData
        }
        try budget?.hold(holder, bytes: 0)
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
        try? budget?.hold(holder, bytes: 0)
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
