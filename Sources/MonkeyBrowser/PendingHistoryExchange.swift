import Handoff

/// A history request waiting for the source's answer: which exchange it is and the input to close when the
/// wait ends early (timeout, tab closed).
struct PendingHistoryExchange {
    let number: Int
    let input: ContinuationInputStream
}
