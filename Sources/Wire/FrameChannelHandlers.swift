import NIOCore

/// NIO decoder: bytes → `InboundFrame`. Reports a frame cut short at end of stream as `truncated`.
public struct FrameDecoder: ByteToMessageDecoder {
    public typealias InboundOut = InboundFrame

    public init() {}

    public mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws
        -> DecodingState
    {
        guard let frame = try FrameCodec.decode(from: &buffer) else { return .needMoreData }
        context.fireChannelRead(Self.wrapInboundOut(frame))
        return .continue
    }

    public mutating func decodeLast(
        context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool
    ) throws
        -> DecodingState
    {
        while try decode(context: context, buffer: &buffer) == .continue {}
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

/// NIO encoder: `WireMessage` → one frame.
public struct FrameEncoder: MessageToByteEncoder {
    public typealias OutboundIn = WireMessage

    public init() {}

    public func encode(data: WireMessage, out: inout ByteBuffer) throws {
        try FrameCodec.encode(data, into: &out)
    }
}
