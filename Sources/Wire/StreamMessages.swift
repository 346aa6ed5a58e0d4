import Foundation

/// Target → daemon → source: open a continuation stream pair for the activity `sequence`.
///
/// To the daemon `device` names the source; the daemon rewrites it to the target's name for the source.
public struct StreamOpen: Codable, Hashable, Sendable {
    public var streamID: String
    public var device: String
    public var sequence: UInt64
    public init(streamID: String, device: String, sequence: UInt64) {
        self.streamID = streamID
        self.device = device
        self.sequence = sequence
    }
}

/// Bytes on a continuation stream; a sender never sends more than the credit its peer granted.
public struct StreamData: Codable, Hashable, Sendable {
    public var streamID: String
    public var bytes: Data
    public init(streamID: String, bytes: Data) {
        self.streamID = streamID
        self.bytes = bytes
    }
}

/// The receiver consumed bytes and lets the sender send `bytes` more.
public struct StreamCredit: Codable, Hashable, Sendable {
    public var streamID: String
    public var bytes: Int
    public init(streamID: String, bytes: Int) {
        self.streamID = streamID
        self.bytes = bytes
    }
}

/// Either side ends the stream; `failure` says why when it broke.
public struct StreamClose: Codable, Hashable, Sendable {
    public var streamID: String
    public var failure: WireFailure?
    public init(streamID: String, failure: WireFailure? = nil) {
        self.streamID = streamID
        self.failure = failure
    }
}
