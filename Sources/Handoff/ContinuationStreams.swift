import Foundation
import Wire

/// The reading half of a continuation stream. Bytes are handed to `onData` in order; credit goes back
/// to the sender as each chunk is handled, so a slow reader slows the writer instead of filling memory.
public final class ContinuationInputStream {
    public let streamID: String
    /// Receives each chunk. Chunks that arrive before it is set are kept and delivered when it is.
    public var onData: ((Data) -> Void)? { didSet { drain() } }
    /// Called once when the stream ends; the error says why when it broke.
    public var onClose: ((HandoffError?) -> Void)? { didSet { drain() } }

    private let send: (WireMessage) -> Void
    private var waiting: [Data] = []
    private var ended: HandoffError??
    private(set) var isClosed = false

    init(streamID: String, send: @escaping (WireMessage) -> Void) {
        self.streamID = streamID
        self.send = send
    }

    /// Stops reading; the peer is told.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        send(.streamClose(StreamClose(streamID: streamID)))
    }

    func receive(_ data: Data) {
        waiting.append(data)
        drain()
    }

    func end(_ error: HandoffError?) {
        ended = .some(error)
        drain()
    }

    private func drain() {
        if let onData {
            while !waiting.isEmpty {
                let chunk = waiting.removeFirst()
                onData(chunk)
                if !isClosed { send(.streamCredit(StreamCredit(streamID: streamID, bytes: chunk.count))) }
            }
        }
        if let ended, waiting.isEmpty || onData == nil, let onClose {
            self.ended = nil
            isClosed = true
            onClose(ended)
        }
    }
}

/// The writing half of a continuation stream. `write` queues; bytes leave only as credit allows.
public final class ContinuationOutputStream {
    public let streamID: String
    /// Bytes written but not yet sent for lack of credit.
    public var bufferedBytes: Int { queue.reduce(0) { $0 + $1.count } }
    /// Called when the buffer empties (everything written has been sent).
    public var onDrained: (() -> Void)?

    private let send: (WireMessage) -> Void
    private var credit = WireLimits.initialStreamCredit
    private var queue: [Data] = []
    private var closing = false
    private(set) var isClosed = false
    private static let chunkSize = 32 * 1024

    init(streamID: String, send: @escaping (WireMessage) -> Void) {
        self.streamID = streamID
        self.send = send
    }

    /// Queues `data` for the peer.
    public func write(_ data: Data) {
        guard !isClosed, !closing, !data.isEmpty else { return }
        queue.append(data)
        pump()
    }

    /// Ends the stream once everything queued has been sent.
    public func close() {
        closing = true
        pump()
    }

    func grant(_ bytes: Int) {
        credit += max(0, bytes)
        pump()
    }

    func end() {
        isClosed = true
        queue = []
    }

    private func pump() {
        guard !isClosed else { return }
        while credit > 0, !queue.isEmpty {
            let head = queue[0]
            let size = min(head.count, credit, Self.chunkSize)
            send(.streamData(StreamData(streamID: streamID, bytes: head.prefix(size))))
            credit -= size
            if size == head.count { queue.removeFirst() } else { queue[0] = head.dropFirst(size) }
        }
        if queue.isEmpty {
            onDrained?()
            if closing {
                isClosed = true
                send(.streamClose(StreamClose(streamID: streamID)))
            }
        }
    }
}
