import APNsProvider
import Foundation
import NIOCore
import NIOHTTP1

/// One HTTP/2 stream (as HTTP/1 parts, `HTTP2FramePayloadToHTTP1ServerCodec`): gathers the request, has the
/// service answer it, and writes APNs' response: 200 with `apns-id`, or the status with `apns-id` and
/// `{"reason": …}`.
final class APNsStreamHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// More body than this is not kept: the answer is 413 PayloadTooLarge (APNs' limit is 4096 bytes; a larger
    /// one is read to the end but not stored).
    static let bodyLimit = 16 * 1024

    private let service: APNsService
    private let updates: ProviderTokenUpdates
    private var head: HTTPRequestHead?
    private var body = Data()
    private var overflow = false

    init(service: APNsService, updates: ProviderTokenUpdates) {
        self.service = service
        self.updates = updates
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): self.head = head
        case .body(var buffer):
            if body.count + buffer.readableBytes > Self.bodyLimit {
                overflow = true
            } else if let bytes = buffer.readBytes(length: buffer.readableBytes) {
                body.append(contentsOf: bytes)
            }
        case .end: answer(context: context)
        }
    }

    private func answer(context: ChannelHandlerContext) {
        guard let head else { return context.close(promise: nil) }
        let request = APNsRequest(
            method: head.method.rawValue, path: head.uri,
            headers: head.headers.map { (name: $0.name.lowercased(), value: $0.value) }, body: body)
        let promise = context.eventLoop.makePromise(of: APNsService.Answer.self)
        if overflow {
            promise.succeed(
                APNsService.Answer(
                    apnsID: request.apnsID,
                    rejection: APNsRejection(413, "PayloadTooLarge", detail: "over \(Self.bodyLimit) bytes")))
        } else {
            let service = service
            let updates = updates
            promise.completeWithTask { await service.answer(request, updates: updates) }
        }
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        promise.futureResult.whenSuccess { answer in
            let (handler, context) = bound.value
            handler.write(answer, context: context)
        }
    }

    private func write(_ answer: APNsService.Answer, context: ChannelHandlerContext) {
        var headers = HTTPHeaders([("apns-id", answer.apnsID)])
        var bodyBuffer: ByteBuffer?
        if let rejection = answer.rejection {
            let data = rejection.body
            headers.add(name: "content-type", value: "application/json")
            headers.add(name: "content-length", value: "\(data.count)")
            bodyBuffer = context.channel.allocator.buffer(bytes: data)
        }
        let status = HTTPResponseStatus(statusCode: answer.rejection?.status ?? 200)
        context.write(
            wrapOutboundOut(.head(HTTPResponseHead(version: .http2, status: status, headers: headers))), promise: nil)
        if let bodyBuffer { context.write(wrapOutboundOut(.body(.byteBuffer(bodyBuffer))), promise: nil) }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }
}
