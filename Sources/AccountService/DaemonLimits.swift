import NIOCore

/// The daemon's bounds on what one client, or all of them, may make it hold: with these, memory stays
/// bounded whatever local clients send or fail to read.
public struct DaemonLimits: Sendable {
    /// The most client connections served at once; more are refused with a clear error.
    public var maxConnections: Int
    /// How long a frame may stay partly received before its connection is closed.
    public var partialFrameTimeout: TimeAmount
    /// The bytes incomplete frames of all connections may hold together.
    public var maxPartialFrameBytes: Int
    /// Outgoing bytes queued for a client that does not read, past which the client is dropped.
    public var maxQueuedBytes: Int
    /// How long a new connection may stay silent (no complete frame) before it is closed, so idle
    /// connections cannot hold the connection cap.
    public var idleTimeout: TimeAmount
    /// How long any connection may go without a complete frame before it is closed, after its first one too:
    /// 64 clients that pinged once and went quiet held the cap for ever. Clients that stay connected send a
    /// `Heartbeat` after `DaemonLink.heartbeatInterval` (15 s) without writing, so 120 s is 8 missed beats:
    /// only a stopped or hung process reaches it, never a busy one (the beat comes from its NIO thread).
    public var quietTimeout: TimeAmount = .seconds(120)
    /// How long a continuing device waits for the source's payload before the continue fails with 4610
    /// (`AccountDaemon.defaultContinueTimeout`; `continue-ms` for tests that kill the source on purpose).
    public var continueTimeout: TimeAmount = AccountDaemon.defaultContinueTimeout
    /// The notification center's bounds, for tests in process; nil: the defaults or
    /// `BATON_NOTIFICATION_LIMITS` (`NotificationLimits.fromEnvironment`).
    var notifications: NotificationLimits?

    public init(
        maxConnections: Int = 64, partialFrameTimeout: TimeAmount = .seconds(10),
        maxPartialFrameBytes: Int = 8 << 20, maxQueuedBytes: Int = 2 << 20, idleTimeout: TimeAmount = .seconds(30)
    ) {
        self.idleTimeout = idleTimeout
        self.maxConnections = maxConnections
        self.partialFrameTimeout = partialFrameTimeout
        self.maxPartialFrameBytes = maxPartialFrameBytes
        self.maxQueuedBytes = maxQueuedBytes
    }

    /// The limits a daemon runs with: the defaults, or `BATON_DAEMON_LIMITS` (for tests), e.g.
    /// `connections=8,partial-frame-ms=500,partial-bytes=1048576,queued-bytes=65536,idle-ms=500,continue-ms=60000`
    /// (`quiet-ms` for `quietTimeout`; `heartbeat-ms`, read by clients, for `DaemonLink.heartbeatInterval`).
    public static func fromEnvironment(_ environment: [String: String]) -> DaemonLimits {
        var limits = DaemonLimits()
        guard let text = environment["BATON_DAEMON_LIMITS"] else { return limits }
        for pair in text.split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let value = Int(parts[1]), value > 0 else { continue }
            switch parts[0] {
            case "connections": limits.maxConnections = value
            case "partial-frame-ms": limits.partialFrameTimeout = .milliseconds(Int64(value))
            case "partial-bytes": limits.maxPartialFrameBytes = value
            case "queued-bytes": limits.maxQueuedBytes = value
            case "idle-ms": limits.idleTimeout = .milliseconds(Int64(value))
            case "quiet-ms": limits.quietTimeout = .milliseconds(Int64(value))
            case "continue-ms": limits.continueTimeout = .milliseconds(Int64(value))
            default: continue
            }
        }
        return limits
    }
}
