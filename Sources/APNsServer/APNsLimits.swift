import NIOCore
import Notifications

/// The endpoint's bounds on what providers, authenticated or not, may make it hold. Before them, 60 connections
/// that never sent a token held 258 MB for ever (100 streams each, 16 KB kept per stream, the idle timer off while
/// a stream was open), and 2 000 bare TCP connections stayed open with no TLS handshake. With them, memory is
/// bounded by `maxConnections` × `maxConcurrentStreams` × `maxRequestBytes` (100 × 16 × 5 KB = 8 MB of bodies)
/// plus each connection's TLS and HTTP/2 state, and every connection that does not send requests ends.
public struct APNsLimits: Sendable {
    /// The most connections served at once (those still in their TLS handshake included); one past it is closed
    /// as soon as it is accepted, before TLS.
    public var maxConnections = 100
    /// How long a connection may take to complete its TLS handshake before it is closed.
    public var handshakeTimeout: TimeAmount = .seconds(10)
    /// How long a connection may go without a complete request (its first one counts from the accept) before
    /// GOAWAY `{"reason":"IdleTimeout"}` and its close; streams it opened but did not end do not hold it open.
    /// APNs' own is an hour (`baton apns serve --idle-timeout`).
    public var idleTimeout: TimeAmount = .hours(1)
    /// How long a connection with a stream whose request is unfinished may go without a complete request before
    /// GOAWAY `IdleTimeout` and its close (a provider sends a request's HEADERS and DATA at once: milliseconds).
    public var requestTimeout: TimeAmount = .seconds(30)
    /// SETTINGS_MAX_CONCURRENT_STREAMS: the streams one connection may have open at once; a provider library
    /// queues the rest (APNs advertises 1 000 to a provider it knows; NIO's default is 100).
    public var maxConcurrentStreams = 16
    /// The body bytes kept per stream until its request is complete and checked: the largest payload APNs takes
    /// (VoIP's 5120); more is read but not kept, and the answer is 413 PayloadTooLarge as it would be anyway.
    public var maxRequestBytes = PushPayload.maxVoIPBytes
    /// How long accepting pauses when the process is out of descriptors, instead of `accept4` failing in a loop.
    public var acceptRetry: TimeAmount = .seconds(1)

    public init() {}

    /// The defaults, with `idleTimeout`, then `BATON_APNS_LIMITS` (for tests) over them, e.g.
    /// `connections=4,handshake-ms=500,idle-ms=500,request-ms=500,streams=2,request-bytes=1024,accept-retry-ms=200`.
    public static func fromEnvironment(
        _ environment: [String: String], idleTimeout: TimeAmount = .hours(1)
    ) -> APNsLimits {
        var limits = APNsLimits()
        limits.idleTimeout = idleTimeout
        guard let text = environment["BATON_APNS_LIMITS"] else { return limits }
        for pair in text.split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let value = Int(parts[1]), value > 0 else { continue }
            switch parts[0] {
            case "connections": limits.maxConnections = value
            case "handshake-ms": limits.handshakeTimeout = .milliseconds(Int64(value))
            case "idle-ms": limits.idleTimeout = .milliseconds(Int64(value))
            case "request-ms": limits.requestTimeout = .milliseconds(Int64(value))
            case "streams": limits.maxConcurrentStreams = value
            case "request-bytes": limits.maxRequestBytes = value
            case "accept-retry-ms": limits.acceptRetry = .milliseconds(Int64(value))
            default: continue
            }
        }
        return limits
    }
}
