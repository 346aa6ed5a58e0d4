import Foundation
import Wire

/// The writing half of a continuation stream. `write` queues; bytes leave only as credit allows.
///
/// `close()` ends this direction only (the peer's input sees end of stream once everything queued has
/// been sent); this side's input keeps receiving until the peer closes its output too.
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
    /// Nothing more is sent: the end of stream went out, the peer stopped reading or the pair broke.
    private(set) var isClosed = false
    private static let chunkSize = 32 * 1024

    init(streamID: String, send: @escaping (WireMessage) -> Void) {
        self.streamID = streamID
        self.send = send
    }

    /// Whether this direction is over.
    var isFinished: Bool { isClosed }

    /// Queues `data` for the peer.
    public func write(_ data: Data) {
        guard !isClosed, !closing, !data.isEmpty else { return }
        queue.append(data)
        pump()
    }

    /// Ends this direction once everything queued has been sent.
    public func close() {
        guard !isClosed, !closing else { return }
        closing = true
        pump()
    }

    func grant(_ bytes: Int) {
        credit += max(0, bytes)
        pump()
    }

    /// The peer stopped reading or the pair broke: drop what is queued and send nothing more.
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
            if closing, !isClosed {
                isClosed = true
                send(.streamClose(StreamClose(streamID: streamID, half: .output)))
            }
        }
    }
}
