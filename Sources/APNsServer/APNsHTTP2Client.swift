import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL

/// A provider's side of the API, as a provider library keeps it: one TLS connection with ALPN `h2`, each push
/// a stream of its own (`baton apns client`, the benchmark's sender).
public final class APNsHTTP2Client: Sendable {
    private let channel: Channel
    private let multiplexer: NIOLoopBound<HTTP2StreamMultiplexer>
    private let authority: String
    private let goAwayData: EventLoopFuture<String>
    private let settings: EventLoopFuture<[HTTP2Setting]>

    /// Connects to `host:port`, trusting the PEM certificate in `caFile`.
    public init(host: String, port: Int, caFile: String) async throws {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = .file(caFile)
        configuration.applicationProtocols = ["h2"]
        let context = try NIOSSLContext(configuration: configuration)
        let serverName = host.contains(":") || host.first?.isNumber == true ? nil : host
        // The HTTP/2 handlers are in place before the handshake, so no frame of the server's is missed; the
        // multiplexer and the GOAWAY's future are kept as they are made (a server that ends the connection at once,
        // an idle timeout on a slow machine, leaves no pipeline to look them up in afterwards).
        let made = NIOLockedValueBox<
            (NIOLoopBound<HTTP2StreamMultiplexer>, EventLoopFuture<String>, EventLoopFuture<[HTTP2Setting]>)?
        >(nil)
        channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let multiplexer = HTTP2StreamMultiplexer(
                        mode: .client, channel: channel, inboundStreamInitializer: nil)
                    let recorder = ServerFrameRecorder(
                        goAway: channel.eventLoop.makePromise(), settings: channel.eventLoop.makePromise())
                    try channel.pipeline.syncOperations.addHandlers([
                        try NIOSSLClientHandler(context: context, serverHostname: serverName),
                        NIOHTTP2Handler(mode: .client), multiplexer, recorder,
                    ])
                    made.withLockedValue {
                        $0 = (
                            NIOLoopBound(multiplexer, eventLoop: channel.eventLoop), recorder.goAway.futureResult,
                            recorder.settings.futureResult
                        )
                    }
                }
            }
            .connect(host: host, port: port).get()
        guard let (multiplexer, goAwayData, settings) = made.withLockedValue({ $0 }) else {
            throw ChannelError.inputClosed
        }
        self.multiplexer = multiplexer
        self.goAwayData = goAwayData
        self.settings = settings
        authority = "\(host):\(port)"
    }

    /// POSTs `body` to `path` with `headers` on a new stream; returns the status and the body.
    public func post(path: String, headers: [(String, String)], body: Data) async throws -> (Int, Data) {
        try await open(path: path, headers: headers, length: body.count).finish(body: body)
    }

    /// Begins a POST: its HEADERS go now, the body and the end of the stream with `finish`.
    public func open(path: String, headers: [(String, String)], length: Int) async throws -> Request {
        let promise = channel.eventLoop.makePromise(of: (Int, Data).self)
        let multiplexer = multiplexer
        let authority = authority
        let channel = channel
        let stream = try await channel.eventLoop.flatSubmit {
            multiplexer.value.createStreamChannel { stream in
                stream.eventLoop.makeCompletedFuture {
                    try stream.pipeline.syncOperations.addHandlers([
                        HTTP2FramePayloadToHTTP1ClientCodec(httpProtocol: .https), ResponseCollector(promise: promise),
                    ])
                }
            }
        }.flatMap { stream in
            var head = HTTPRequestHead(version: .http2, method: .POST, uri: path)
            head.headers.add(name: "host", value: authority)
            for (name, value) in headers { head.headers.add(name: name, value: value) }
            head.headers.add(name: "content-length", value: "\(length)")
            return stream.writeAndFlush(HTTPClientRequestPart.head(head)).map { stream }
        }.get()
        return Request(stream: stream, response: promise.futureResult)
    }

    /// A POST whose HEADERS went.
    public struct Request: Sendable {
        let stream: Channel
        let response: EventLoopFuture<(Int, Data)>

        /// Sends `body`, ends the stream, and returns the status and the body of the answer.
        public func finish(body: Data) async throws -> (Int, Data) {
            stream.write(HTTPClientRequestPart.body(.byteBuffer(ByteBuffer(bytes: body))), promise: nil)
            try await stream.writeAndFlush(HTTPClientRequestPart.end(nil)).get()
            return try await response.get()
        }
    }

    /// The debug data of the server's GOAWAY frame (APNs': `{"reason":"IdleTimeout"}`, `…"Shutdown"}`); fails
    /// when the connection closes without one.
    public func goAway() async throws -> String { try await goAwayData.get() }

    /// The server's SETTINGS_MAX_CONCURRENT_STREAMS (its first SETTINGS frame), nil when it sets none.
    public func maxConcurrentStreams() async throws -> Int? {
        try await settings.get().last { $0.parameter == .maxConcurrentStreams }.map(\.value)
    }

    public func close() async { try? await channel.close() }
}

/// Gathers one response's status and body.
private final class ResponseCollector: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart
    private let promise: EventLoopPromise<(Int, Data)>
    private var status = 0
    private var body = Data()
    private var done = false

    init(promise: EventLoopPromise<(Int, Data)>) { self.promise = promise }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): status = Int(head.status.code)
        case .body(var buffer): body.append(contentsOf: buffer.readBytes(length: buffer.readableBytes) ?? [])
        case .end: finish(.success((status, body)))
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        finish(.failure(error))
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) { finish(.failure(ChannelError.inputClosed)) }

    private func finish(_ result: Result<(Int, Data), Error>) {
        guard !done else { return }
        done = true
        promise.completeWith(result)
    }
}

/// Keeps what the root stream's frames say (they reach the pipeline's end): the debug data of the connection's
/// GOAWAY frame, and the server's first SETTINGS.
private final class ServerFrameRecorder: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame
    let goAway: EventLoopPromise<String>
    let settings: EventLoopPromise<[HTTP2Setting]>
    private var done = false

    init(goAway: EventLoopPromise<String>, settings: EventLoopPromise<[HTTP2Setting]>) {
        self.goAway = goAway
        self.settings = settings
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data).payload {
        case .goAway(_, _, let opaque) where !done:
            done = true
            goAway.succeed(opaque.map { String(buffer: $0) } ?? "")
        case .settings(.settings(let values)): settings.succeed(values)  // Later ones are no-ops.
        default: break
        }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !done { goAway.fail(ChannelError.inputClosed) }
        done = true
        settings.fail(ChannelError.inputClosed)
        context.fireChannelInactive()
    }
}
