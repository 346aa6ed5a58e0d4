import Dispatch
import Foundation
import Synchronization

/// The real `DeadlineClock` outside the daemon (the suite's UI thread, the account client): the wall time from
/// a `BatonClock` (so `--now` holds), monotonic time from `ContinuousClock`, deadlines on Dispatch's monotonic
/// time (a wall-clock jump moves none of them).
public final class SystemDeadlineClock: DeadlineClock, Sendable {
    private let wall: BatonClock
    private let origin = ContinuousClock.now
    /// The zone last read and when (monotonic seconds).
    private let zone = Mutex<(value: TimeZone, readAt: Double)?>(nil)

    /// A clock whose wall time is `wall`'s (the real time unless `--now` fixed it).
    public init(wall: BatonClock = .system) { self.wall = wall }

    public func now() -> Date { wall.now() }

    public func monotonic() -> Double {
        let elapsed = ContinuousClock.now - origin
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// The system's zone, read again at most once a second (`TimeZone.current` is cached for the process;
    /// resetting it notices a changed zone, but reads the zone file).
    public func timeZone() -> TimeZone {
        let now = monotonic()
        return zone.withLock { zone in
            if let zone, now - zone.readAt < 1 { return zone.value }
            NSTimeZone.resetSystemTimeZone()
            zone = (TimeZone.current, now)
            return TimeZone.current
        }
    }

    public func schedule(after delay: Double, _ action: @escaping @Sendable () -> Void) -> any ArmedDeadline {
        let item = DispatchWorkItem(block: action)
        DispatchQueue.global().asyncAfter(deadline: .now() + max(0, delay), execute: item)
        return DispatchDeadline(item: item)
    }

    private struct DispatchDeadline: ArmedDeadline, @unchecked Sendable {
        let item: DispatchWorkItem
        func cancel() { item.cancel() }
    }
}
