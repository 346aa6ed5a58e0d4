import Foundation
import Handoff

/// Both ends of the history exchange over a continuation stream pair.
///
/// The stream handlers hold the streams weakly: the streams own their handlers, so a strong capture would be a
/// retain cycle that outlives the exchange. Whoever opened the pair (the coordinator, the browser while it
/// waits) keeps it alive for as long as it matters.
extension HistoryExchange {
    /// The continuing side: sends the request (closing the output, the request being all this side sends) and
    /// reads one answer line. `received` gets the history when the line decodes; `finished` runs once when the
    /// input is over for any reason but this side closing it (answered, refused, broken).
    static func request(
        device: String, input: ContinuationInputStream, output: ContinuationOutputStream,
        received: @escaping (TabHistory) -> Void, finished: @escaping () -> Void
    ) {
        var reader = LineReader()
        input.onData = { [weak input] chunk in
            switch reader.append(chunk) {
            case .needMore:
                return
            case .tooLong:
                input?.close()
                finished()
            case .line(let line):
                // One request, one answer: nothing after the line is read.
                input?.close()
                if let history = try? JSONDecoder().decode(TabHistory.self, from: line) { received(history) }
                finished()
            }
        }
        input.onClose = { _ in finished() }
        output.write(line(Request(device: device)))
        output.close()
    }

    /// The source side: answers one request line with `history()` (nil: the tab is gone) and ends both
    /// directions; a malformed or overlong request ends them without an answer.
    static func answer(
        input: ContinuationInputStream, output: ContinuationOutputStream, history: @escaping () -> TabHistory?
    ) {
        var reader = LineReader()
        input.onData = { [weak input, weak output] chunk in
            let outcome = reader.append(chunk)
            if outcome == .needMore { return }
            if case .line(let line) = outcome,
                let request = try? JSONDecoder().decode(Request.self, from: line), request.want == "history",
                let history = history()
            {
                output?.write(HistoryExchange.line(history))
            }
            input?.close()
            output?.close()
        }
    }
}
