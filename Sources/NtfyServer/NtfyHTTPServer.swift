import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// ntfy's HTTP API on a socket: HTTP/1.1, one `NtfyHTTPHandler` per connection, at most `maxConnections` at
/// once (one past it is closed as soon as it is accepted).
public enum NtfyHTTPServer {
    /// The endpoint's bounds.
    public struct Limits: Sendable {
        /// Connections at once (open subscriptions included).
        public var maxConnections = 200
        /// Body bytes kept per request: a message is at most 4 096 bytes; a JSON publish carries more.
        public var maxBodyBytes = 32 * 1024
        /// Between two `keepalive` events of an open stream.
        public var keepalive: TimeAmount = .seconds(Int64(NtfyStream.keepaliveInterval))
        /// Requests one client may make at once, and the milliseconds that give it one more (ntfy's 60 and 5 s).
        public var burst = 60
        public var refillMilliseconds = 5_000

        public init() {}

        /// The defaults with `BATON_NTFY_LIMITS` (for tests) over them:
        /// `connections=4,keepalive-ms=200,body-bytes=1024,burst=5,refill-ms=60000`.
        public static func fromEnvironment(_ environment: [String: String]) -> Limits {
            var limits = Limits()
            for pair in (environment["BATON_NTFY_LIMITS"] ?? "").split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, let value = Int(parts[1]), value > 0 else { continue }
                switch parts[0] {
                case "connections": limits.maxConnections = value
                case "keepalive-ms": limits.keepalive = .milliseconds(Int64(value))
                case "body-bytes": limits.maxBodyBytes = value
                case "burst": limits.burst = value
                case "refill-ms": limits.refillMilliseconds = value
                default: continue
                }
            }
            return limits
        }
    }

    /// Listens on `host:port` (0: any free port) and serves until the returned channel closes.
    public static func start(
        host: String, port: Int, service: NtfyService, limits: Limits = Limits(),
        group: EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws -> Channel {
        let open = ConnectionCount()
        return try await ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                guard open.value.add(1, ordering: .relaxed).newValue <= limits.maxConnections else {
                    open.value.subtract(1, ordering: .relaxed)
                    return channel.close()
                }
                channel.closeFuture.whenComplete { _ in open.value.subtract(1, ordering: .relaxed) }
                let client = channel.remoteAddress?.ipAddress ?? "unknown"
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(
                        NtfyHTTPHandler(
                            service: service, maxBodyBytes: limits.maxBodyBytes, keepalive: limits.keepalive,
                            client: client))
                }
            }
            .bind(host: host, port: port).get()
    }
}

/// The connections open now, shared by the accepting closure and each connection's close.
final class ConnectionCount: Sendable {
    let value = Atomic<Int>(0)
}
