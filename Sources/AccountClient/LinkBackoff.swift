import BatonEnvironment
import Foundation

/// The supervisor's restart rule on a `DeadlineClock`'s monotonic time (never the wall clock, which `BATON_NOW`,
/// the user or NTP may move): the first restart after 1 s, then 2, 4 … up to 60 s while the link keeps ending,
/// back to 1 s once one has run a minute.
struct LinkBackoff {
    static let first = 1.0
    static let longest = 60.0
    /// How long a link must run for the wait to start again at `first`.
    static let settled = 60.0

    let clock: any DeadlineClock
    /// The wait before the next restart.
    private(set) var delay = Self.first
    /// When the running link was first seen (monotonic seconds).
    private var upSince: Double?

    init(clock: any DeadlineClock) { self.clock = clock }

    /// A link is running now.
    mutating func running() {
        let now = clock.monotonic()
        let since = upSince ?? now
        upSince = since
        if now - since > Self.settled { delay = Self.first }
    }

    /// The link ended: how long to wait before starting it again (the next wait doubles).
    mutating func ended() -> Double {
        let wait = delay
        delay = min(delay * 2, Self.longest)
        upSince = nil
        return wait
    }

    /// The machine is not linked: the next link starts afresh.
    mutating func reset() {
        delay = Self.first
        upSince = nil
    }
}
