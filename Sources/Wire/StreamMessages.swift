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

/// Which direction of a stream pair a close ends, seen from the side that sends the close.
public enum StreamHalf: String, Codable, Hashable, Sendable {
    /// The sender will write no more: its peer's input reaches end of stream.
    case output
    /// The sender will read no more: its peer's output stops (what it still writes is dropped).
    case input
}

/// Either side ends one direction of the stream pair (`half`), or the whole pair (`half` nil: a failure or
/// an abort); `failure` says why when it broke. The pair is released once both directions are closed.
public struct StreamClose: Codable, Hashable, Sendable {
    public var streamID: String
    public var half: StreamHalf?
    public var failure: WireFailure?
    public init(streamID: String, half: StreamHalf? = nil, failure: WireFailure? = nil) {
        self.streamID = streamID
        self.half = half
        self.failure = failure
    }
}
