import Foundation
import NIOCore
import NIOHTTP1

/// One HTTP/1.1 connection of the endpoint: reads a request (its body bounded by `maxBodyBytes`), asks the
/// service, and writes the answer: a JSON body, or a stream that sends `open`, the cached messages, then each
/// new one and a `keepalive` every `keepalive`, until the client goes (or at once after the cache: `poll=1`).
final class NtfyHTTPHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let service: NtfyService
    private let maxBodyBytes: Int
    private let keepalive: TimeAmount
    private let client: String
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    private var overflow = false
    private var subscription: UInt64?
    private var keepaliveTask: RepeatedTask?

    init(service: NtfyService, maxBodyBytes: Int, keepalive: TimeAmount, client: String) {
        self.service = service
        self.maxBodyBytes = maxBodyBytes
        self.keepalive = keepalive
        self.client = client
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body = []
            overflow = false
        case .body(var buffer):
            if body.count + buffer.readableBytes > maxBodyBytes {
                overflow = true
            } else if let bytes = buffer.readBytes(length: buffer.readableBytes) {
                body.append(contentsOf: bytes)
            }
        case .end:
            guard let head else { return }
            self.head = nil
            respond(to: head, context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let subscription { service.cache.unsubscribe(subscription) }
        subscription = nil
        keepaliveTask?.cancel()
        context.fireChannelInactive()
    }

    private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        if overflow {
            let error = NtfyError.tooLarge
            return write(.body(status: error.http, contentType: NtfyService.jsonType, error.json), head, context)
        }
        let request = NtfyRequest(
            method: head.method.rawValue, uri: head.uri, headers: head.headers.map { ($0.name, $0.value) },
            body: body, client: client)
        let service = service
        let promise = context.eventLoop.makePromise(of: NtfyService.Answer.self)
        promise.completeWithTask { await service.answer(request) }
        promise.futureResult.whenSuccess { answer in
            let (handler, context) = bound.value
            handler.write(answer, head, context)
        }
    }

    private func write(_ answer: NtfyService.Answer, _ request: HTTPRequestHead, _ context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        headers.add(name: "access-control-allow-origin", value: "*")
        switch answer {
        case .body(let status, let type, let data):
            headers.add(name: "content-type", value: type)
            headers.add(name: "content-length", value: "\(data.count)")
            if !request.isKeepAlive { headers.add(name: "connection", value: "close") }
            let head = HTTPResponseHead(
                version: request.version, status: HTTPResponseStatus(statusCode: status), headers: headers)
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            if request.method != .HEAD {
                context.write(
                    wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: data)))), promise: nil)
            }
            let keepAlive = request.isKeepAlive
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
                if !keepAlive { channel.close(promise: nil) }
            }
        case .stream(let stream):
            headers.add(name: "content-type", value: stream.format.contentType)
            headers.add(name: "cache-control", value: "no-cache")
            let head = HTTPResponseHead(version: request.version, status: .ok, headers: headers)
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            open(stream, context: context)
        }
    }

    private func open(_ stream: NtfyStream, context: ChannelHandlerContext) {
        let now = service.now()
        if !stream.poll { send(stream.encode(stream.event("open", now: now)), context) }
        for message in stream.cached { send(stream.encode(message), context) }
        if stream.poll {
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
            return
        }
        context.flush()
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        let loop = context.eventLoop
        subscription = service.cache.subscribe(
            NtfyCache.Subscriber(topics: stream.topics, filter: stream.filter) { message in
                loop.execute {
                    let (handler, context) = bound.value
                    handler.send(stream.encode(message), context)
                    context.flush()
                }
            })
        let service = service
        keepaliveTask = loop.scheduleRepeatedTask(initialDelay: keepalive, delay: keepalive) { _ in
            let (handler, context) = bound.value
            handler.send(stream.encode(stream.event("keepalive", now: service.now())), context)
            context.flush()
        }
    }

    private func send(_ data: Data?, _ context: ChannelHandlerContext) {
        guard let data, context.channel.isActive else { return }
        context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: data)))), promise: nil)
    }
}
