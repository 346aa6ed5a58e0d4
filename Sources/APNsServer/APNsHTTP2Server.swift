import APNsProvider
import Foundation
import NIOCore
import NIOHTTP2
import NIOPosix
import NIOSSL

/// APNs' provider API on a socket: TLS with ALPN `h2` only (APNs speaks HTTP/2 alone), each stream answered by
/// an `APNsStreamHandler`, one `ProviderTokenUpdates` per connection, within `APNsLimits`.
public enum APNsHTTP2Server {
    /// Listens on `host:port` (0: any free port) and serves until the returned channel closes. A connection
    /// without a complete request for `limits.idleTimeout` gets GOAWAY `IdleTimeout`;
    /// `connections.shutdown()` says `Shutdown` on every connection.
    public static func start(
        host: String, port: Int, tls: NIOSSLContext, service: APNsService, limits: APNsLimits = APNsLimits(),
        connections: APNsConnections = APNsConnections(),
        group: EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws -> Channel {
        connections.limit.store(limits.maxConnections, ordering: .relaxed)
        var settings = nioDefaultSettings.filter { $0.parameter != .maxConcurrentStreams }
        settings.append(HTTP2Setting(parameter: .maxConcurrentStreams, value: limits.maxConcurrentStreams))
        var configuration = NIOHTTP2Handler.ConnectionConfiguration()
        configuration.initialSettings = settings
        return try await ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        APNsAcceptGate(retry: limits.acceptRetry, logger: service.logger))
                }
            }
            .childChannelInitializer { channel in
                let connection = NIOLoopBound(
                    APNsConnection(channel: channel, limits: limits), eventLoop: channel.eventLoop)
                // Past the cap: closed before TLS, so it costs nothing but the accept.
                guard connections.add(connection) else { return channel.close() }
                channel.closeFuture.whenComplete { _ in connections.remove(connection.value) }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandlers([
                        NIOSSLServerHandler(context: tls), HandshakeDeadline(timeout: limits.handshakeTimeout),
                    ])
                    let updates = ProviderTokenUpdates()
                    _ = try channel.pipeline.syncOperations.configureHTTP2Pipeline(
                        mode: .server, connectionConfiguration: configuration, streamConfiguration: .init()
                    ) { stream in
                        stream.eventLoop.makeCompletedFuture {
                            let id = try stream.syncOptions?.getOption(HTTP2StreamChannelOptions.streamID)
                            connection.value.opened(id ?? .rootStream)
                            try stream.pipeline.syncOperations.addHandler(
                                APNsStreamHandler(
                                    service: service, updates: updates, connections: connections,
                                    connection: connection, bodyLimit: limits.maxRequestBytes))
                        }
                    }
                    connection.value.start()
                }
            }
            .bind(host: host, port: port).get()
    }

    /// A server TLS context for the PEM certificate chain and private key in the files named, offering `h2`.
    public static func tlsContext(certificate: String, key: String) throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMFile(certificate).map { .certificate($0) },
            privateKey: .privateKey(try NIOSSLPrivateKey(file: key, format: .pem)))
        configuration.applicationProtocols = ["h2"]
        return try NIOSSLContext(configuration: configuration)
    }
}
