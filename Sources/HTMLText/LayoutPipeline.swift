import Dispatch
import Synchronization

/// Lays out a document's top-level blocks on a thread of its own while the tree walker is still building
/// the blocks that follow, so the two halves of turning a parsed page into text run on two cores at once
/// (the walk of a 200 KB page and its layout take about 2 ms each).
///
/// The walker hands over blocks only once they are settled (nothing later changes them), in document order;
/// the blocks are values whose storage nobody writes after that, so both threads may read it.
final class LayoutPipeline: Sendable {
    private enum Message: Sendable {
        case blocks([RenderBlock])
        case end
    }

    /// Blocks handed over and not yet laid out, oldest first.
    private let inbox = Mutex<[Message]>([])
    /// Signalled once per message put in the inbox.
    private let arrivals = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private let output = Mutex<LineWriter.Output?>(nil)

    /// Starts the layout thread, which waits for blocks; nil when `startThread` cannot start one.
    init?(
        width: Int, wideTables: WideTableLayout = .linearise,
        startThread: (@escaping @Sendable () -> Void) -> Bool = DetachedThread.start
    ) {
        let started = startThread { [self] in
            let result = layOutArrivingBlocks(width: width, wideTables: wideTables)
            output.withLock { $0 = result }
            done.signal()
        }
        guard started else { return nil }
    }

    /// Hands settled top-level blocks, in document order, to the layout thread.
    func send(_ blocks: ArraySlice<RenderBlock>) {
        guard !blocks.isEmpty else { return }
        post(.blocks(Array(blocks)))
    }

    /// Says no more blocks come and waits for the layout of all of them.
    func finish() -> LineWriter.Output {
        post(.end)
        done.wait()
        return output.withLock { $0 } ?? LineWriter.Output(lines: [], anchors: [:])
    }

    private func post(_ message: Message) {
        inbox.withLock { $0.append(message) }
        arrivals.signal()
    }

    private func layOutArrivingBlocks(width: Int, wideTables: WideTableLayout) -> LineWriter.Output {
        var writer = LineWriter(wideTables: wideTables)
        while true {
            arrivals.wait()
            let message = inbox.withLock { $0.isEmpty ? Message.end : $0.removeFirst() }
            guard case .blocks(let blocks) = message else { break }
            BlockLayout.layout(blocks, width: width, indent: 0, into: &writer)
        }
        return writer.finish()
    }
}
