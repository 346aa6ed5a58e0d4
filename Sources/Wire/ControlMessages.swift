import Foundation

/// An error on the wire: a numeric code (Handoff's 46xx or a protocol code) and a human message.
public struct WireFailure: Codable, Hashable, Sendable, Error, CustomStringConvertible {
    public var code: Int
    public var message: String
    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }
    public var description: String { "\(message) (\(code))" }

    /// Handoff failed: the source is gone or refused.
    public static let handoffFailed = 4608
    /// The daemon or the peer cannot be reached.
    public static let connectionUnavailable = 4609
    /// The source did not answer in time.
    public static let remoteAppTimedOut = 4610
    /// The userInfo is larger than the limit.
    public static let userInfoTooLarge = 4611
    /// The message was not understood or not allowed in this state.
    public static let badRequest = 400
    /// The peer is not allowed to use this daemon.
    public static let forbidden = 403
    /// The named device or activity does not exist.
    public static let notFound = 404
    /// The message (or the answer to it) is larger than a frame may be.
    public static let payloadTooLarge = 413
    /// The daemon serves as many connections as it allows; try again later.
    public static let tooManyConnections = 503
    /// The daemon could not commit the change to its database: nothing was changed (the request may be sent
    /// again).
    public static let storageFailed = 507
}

/// Either direction: a request failed (`requestID` names it) or a message was refused.
public struct ErrorMessage: Codable, Hashable, Sendable {
    public var requestID: UInt64?
    public var failure: WireFailure
    public init(requestID: UInt64?, failure: WireFailure) {
        self.requestID = requestID
        self.failure = failure
    }
}

/// Liveness and status check.
public struct Ping: Codable, Hashable, Sendable {
    public var requestID: UInt64
    public init(requestID: UInt64) { self.requestID = requestID }
}

/// Client → daemon, unanswered: "still here". `DaemonLink` sends one when it has written nothing for
/// `DaemonLink.heartbeatInterval`, so a quiet follower outlives the daemon's `quietTimeout`.
public struct Heartbeat: Codable, Hashable, Sendable {
    public init() {}
}

/// The answer to `Ping`: who the daemon is and what it serves.
public struct Pong: Codable, Hashable, Sendable {
    public var requestID: UInt64
    public var daemonPID: Int32
    public var startedAt: Date
    public var connectedDevices: Int
    public init(requestID: UInt64, daemonPID: Int32, startedAt: Date, connectedDevices: Int) {
        self.requestID = requestID
        self.daemonPID = daemonPID
        self.startedAt = startedAt
        self.connectedDevices = connectedDevices
    }
}

/// Client → daemon: stop gracefully (as SIGTERM).
public struct Shutdown: Codable, Hashable, Sendable {
    public init() {}
}
