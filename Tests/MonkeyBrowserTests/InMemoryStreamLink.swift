import Foundation
import Wire

@testable import Handoff

/// Two continuation stream pairs joined in memory, as the daemon joins them: what one side sends, the other
/// receives when `deliver()` runs. The link holds the streams weakly, so a test can see them released.
final class InMemoryStreamLink {
    enum Side { case continuing, source }

    /// Every message either side sent, in order.
    private(set) var sent: [(from: Side, message: WireMessage)] = []
    private var queue: [(from: Side, message: WireMessage)] = []
    private(set) weak var continuingInput: ContinuationInputStream?
    private(set) weak var continuingOutput: ContinuationOutputStream?
    private(set) weak var sourceInput: ContinuationInputStream?
    private(set) weak var sourceOutput: ContinuationOutputStream?

    typealias Pair = (input: ContinuationInputStream, output: ContinuationOutputStream)

    /// Makes both pairs; the caller owns them.
    func makePairs() -> (continuing: Pair, source: Pair) {
        let continuing = pair(.continuing)
        let source = pair(.source)
        (continuingInput, continuingOutput) = continuing
        (sourceInput, sourceOutput) = source
        return (continuing, source)
    }

    /// Hands every queued message to the other side, including those sent while handing them over.
    func deliver() {
        while !queue.isEmpty {
            let next = queue.removeFirst()
            route(next.message, from: next.from)
        }
    }

    /// The halves `side` closed, in order (nil: the whole pair).
    func closes(from side: Side) -> [StreamHalf?] {
        sent.compactMap { entry in
            guard entry.from == side, case .streamClose(let close) = entry.message else { return nil }
            return close.half
        }
    }

    private func pair(_ side: Side) -> Pair {
        let send: (WireMessage) -> Void = { [weak self] message in
            self?.sent.append((side, message))
            self?.queue.append((side, message))
        }
        return (ContinuationInputStream(streamID: "s", send: send), ContinuationOutputStream(streamID: "s", send: send))
    }

    private func route(_ message: WireMessage, from side: Side) {
        let (input, output) =
            side == .continuing ? (sourceInput, sourceOutput) : (continuingInput, continuingOutput)
        switch message {
        case .streamData(let data): input?.receive(data.bytes)
        case .streamCredit(let credit): output?.grant(credit.bytes)
        case .streamClose(let close):
            if close.half != .input { input?.end(nil) }
            if close.half != .output { output?.end() }
        default: break
        }
    }
}
