import Foundation
import Synchronization

/// Coalesces a link's reads from the server: rings (doorbells, the slow poll) only mark what to read and wake the
/// one reader; while it reads, any number of rings leave one wake waiting. So a flood of doorbells costs one read
/// more, not one each.
final class PullGate: Sendable {
    /// What a ring asks to read.
    struct Asked: OptionSet, Sendable {
        let rawValue: Int
        static let keyValues = Asked(rawValue: 1)
        static let pushes = Asked(rawValue: 2)
        /// Mark the machine seen (once per connection).
        static let touch = Asked(rawValue: 4)
        /// Send this machine's pending key-value writes (a device wrote): nothing is read.
        static let send = Asked(rawValue: 8)
    }

    /// How often a link reads without a ring (a doorbell lost with a dropped connection is caught up here).
    static let pollInterval: Duration = .seconds(30)

    private let pending = Mutex<Asked>([])
    private let rounds = Mutex(0)
    let wakes: AsyncStream<Void>
    private let waker: AsyncStream<Void>.Continuation

    init() {
        (wakes, waker) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    deinit { waker.finish() }

    /// Asks for `asked` to be read (at once if the reader waits, else after its current round).
    func ring(_ asked: Asked) {
        pending.withLock { $0.formUnion(asked) }
        waker.yield()
    }

    /// What was asked since the last `take` (the reader's round reads it all).
    func take() -> Asked {
        pending.withLock { asked in
            defer { asked = [] }
            return asked
        }
    }

    /// The reader finished a round.
    func finished() { rounds.withLock { $0 += 1 } }

    /// How many rounds the reader finished.
    var roundsFinished: Int { rounds.withLock { $0 } }
}
