import Foundation
import Wire

/// The reading half of a continuation stream. Bytes are handed to `onData` in order; credit goes back
/// to the sender as each chunk is handled, so a slow reader slows the writer instead of filling memory.
///
/// The two directions of a pair close independently: the peer closing its output ends this input
/// (`onClose(nil)`) while this side's output keeps working, and closing this input leaves the output open.
/// Once the input is over (closed here, or ended and `onClose` told) it lets go of its handlers, so a handler
/// that captures the stream does not keep it alive.
public final class ContinuationInputStream {
    public let streamID: String
    /// Receives each chunk. Chunks that arrive before it is set are kept and delivered when it is.
    public var onData: ((Data) -> Void)? { didSet { drain() } }
    /// Called once when the stream ends: nil when the peer closed its output (end of stream), an error when
    /// the pair broke. Not called after this side closed the input itself.
    public var onClose: ((HandoffError?) -> Void)? { didSet { drain() } }

    private let send: (WireMessage) -> Void
    private var waiting: [Data] = []
    /// Why the stream ended, until `onClose` has been told.
    private var ended: HandoffError??
    /// This side closed the input: nothing more is delivered.
    private(set) var isClosed = false
    /// The peer ended its output or the pair broke: what is waiting is delivered, nothing more arrives.
    private(set) var hasEnded = false

    init(streamID: String, send: @escaping (WireMessage) -> Void) {
        self.streamID = streamID
        self.send = send
    }

    /// Whether this direction is over: closed here or ended by the peer.
    var isFinished: Bool { isClosed || hasEnded }

    /// Stops reading; the peer's output is told to stop. This side's output stays open.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        waiting = []
        ended = nil
        releaseHandlers()
        // After the peer's end of stream the direction is already over: nothing to tell.
        if !hasEnded { send(.streamClose(StreamClose(streamID: streamID, half: .input))) }
    }

    func receive(_ data: Data) {
        guard !isFinished else { return }
        waiting.append(data)
        drain()
    }

    /// The direction ended: `nil` at the peer's end of stream, an error when the pair broke.
    func end(_ error: HandoffError?) {
        guard !isFinished else { return }
        hasEnded = true
        ended = .some(error)
        drain()
    }

    private func drain() {
        if let onData {
            while !waiting.isEmpty, !isClosed {
                let chunk = waiting.removeFirst()
                onData(chunk)
                // Credit is only useful while the peer may still write.
                if !isFinished { send(.streamCredit(StreamCredit(streamID: streamID, bytes: chunk.count))) }
            }
        }
        if let ended, waiting.isEmpty || onData == nil, let onClose {
            self.ended = nil
            waiting = []
            onClose(ended)
            releaseHandlers()
        }
    }

    private func releaseHandlers() {
        onData = nil
        onClose = nil
    }
}
