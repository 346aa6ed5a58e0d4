import APNsProvider
import Foundation
import NIOCore
import NIOHTTP2
import NIOPosix
import NIOSSL

/// APNs' provider API on a socket: TLS with ALPN `h2` only (APNs speaks HTTP/2 alone), each stream answered by
/// an `APNsStreamHandler`, one `ProviderTokenUpdates` per connection.
public enum APNsHTTP2Server {
    /// Listens on `host:port` (0: any free port) and serves until the returned channel closes. A connection
    /// with no open stream for `idleTimeout` gets GOAWAY `IdleTimeout`; `connections.shutdown()` says
    /// `Shutdown` on every connection.
    public static func start(
        host: String, port: Int, tls: NIOSSLContext, service: APNsService, idleTimeout: TimeAmount = .hours(1),
        connections: APNsConnections = APNsConnections(),
        group: EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws -> Channel {
        try await ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls))
                    let updates = ProviderTokenUpdates()
                    let connection = NIOLoopBound(
                        APNsConnection(channel: channel, idleTimeout: idleTimeout), eventLoop: channel.eventLoop)
                    connections.add(connection)
                    channel.closeFuture.whenComplete { _ in connections.remove(connection.value) }
                    _ = try channel.pipeline.syncOperations.configureHTTP2Pipeline(
                        mode: .server, connectionConfiguration: .init(), streamConfiguration: .init()
                    ) { stream in
                        stream.eventLoop.makeCompletedFuture {
                            let id = try stream.syncOptions?.getOption(HTTP2StreamChannelOptions.streamID)
                            connection.value.opened(id ?? .rootStream)
                            stream.closeFuture.whenComplete { _ in connection.value.closed() }
                            try stream.pipeline.syncOperations.addHandler(
                                APNsStreamHandler(service: service, updates: updates, connections: connections))
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
