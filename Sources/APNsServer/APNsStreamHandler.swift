import APNsProvider
import Foundation
import NIOCore
import NIOHPACK
import NIOHTTP2

/// One HTTP/2 stream, in HTTP/2's own frames: gathers the request (HEADERS, then DATA up to END_STREAM), has
/// the service answer it, and writes APNs' response as APNs frames it: HEADERS (`:status`, `apns-id`) ending
/// the stream for 200, else HEADERS and one DATA frame of `{"reason": …}` ending it. No `:authority` is needed
/// (provider libraries such as aioapns send none, and APNs answers them).
final class APNsStreamHandler: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame.FramePayload
    typealias OutboundOut = HTTP2Frame.FramePayload

    private let service: APNsService
    private let updates: ProviderTokenUpdates
    private let connections: APNsConnections
    private let connection: NIOLoopBound<APNsConnection>
    /// More body than this is not kept (`APNsLimits.maxRequestBytes`): the answer is 413 PayloadTooLarge (APNs'
    /// limit is 4096 bytes, 5120 for VoIP; a larger body is read to the end but not stored).
    private let bodyLimit: Int
    private var headers: HPACKHeaders?
    private var body = Data()
    private var overflow = false
    private var answered = false

    init(
        service: APNsService, updates: ProviderTokenUpdates, connections: APNsConnections,
        connection: NIOLoopBound<APNsConnection>, bodyLimit: Int
    ) {
        self.service = service
        self.updates = updates
        self.connections = connections
        self.connection = connection
        self.bodyLimit = bodyLimit
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .headers(let frame):
            if headers == nil { headers = frame.headers }  // Trailers add nothing APNs reads.
            if frame.endStream { answer(context: context) }
        case .data(let frame):
            if case .byteBuffer(var buffer) = frame.data {
                if body.count + buffer.readableBytes > bodyLimit {
                    overflow = true
                } else if let bytes = buffer.readBytes(length: buffer.readableBytes) {
                    body.append(contentsOf: bytes)
                }
            }
            if frame.endStream { answer(context: context) }
        default: break
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        // On the next turn of the loop: the stream goes inactive while its last frame may still be on its way
        // through the connection's pipeline, and a connection that closes now would lose it.
        let connection = connection
        let completed = answered
        context.eventLoop.execute { connection.value.closed(completed: completed) }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        service.logger.notice("stream error", metadata: ["error": "\(error)"])
        context.close(promise: nil)
    }

    private func answer(context: ChannelHandlerContext) {
        guard !answered, let headers else { return }
        answered = true
        connection.value.requestCompleted()
        let request = APNsRequest(
            method: headers.first(name: ":method") ?? "", path: headers.first(name: ":path") ?? "",
            headers: headers.filter { !$0.name.hasPrefix(":") }.map { (name: $0.name.lowercased(), value: $0.value) },
            body: body)
        let promise = context.eventLoop.makePromise(of: APNsService.Answer.self)
        if connections.stopping {
            // A request completed after the server began stopping is not handed to the daemon.
            promise.succeed(
                APNsService.Answer(
                    apnsID: request.apnsID, rejection: APNsRejection(503, "Shutdown", detail: "the server is stopping"))
            )
        } else if overflow {
            promise.succeed(
                APNsService.Answer(
                    apnsID: request.apnsID,
                    rejection: APNsRejection(413, "PayloadTooLarge", detail: "over \(bodyLimit) bytes")))
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
        var fields: [(String, String)] = [
            (":status", "\(answer.rejection?.status ?? 200)"), ("apns-id", answer.apnsID),
            ("apns-unique-id", answer.uniqueID),
        ]
        guard let rejection = answer.rejection else {
            let frame = HTTP2Frame.FramePayload.Headers(headers: HPACKHeaders(fields), endStream: true)
            return context.writeAndFlush(wrapOutboundOut(.headers(frame)), promise: nil)
        }
        let body = rejection.body
        fields += [("content-type", "application/json"), ("content-length", "\(body.count)")]
        context.write(wrapOutboundOut(.headers(.init(headers: HPACKHeaders(fields)))), promise: nil)
        let data = HTTP2Frame.FramePayload.Data(
            data: .byteBuffer(context.channel.allocator.buffer(bytes: body)), endStream: true)
        context.writeAndFlush(wrapOutboundOut(.data(data)), promise: nil)
    }
}
