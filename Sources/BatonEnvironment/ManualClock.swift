import Foundation

/// A `DeadlineClock` that moves only when told: tests advance it, jump its wall clock, or change its zone.
/// Due actions run, in deadline order, inside `advance(by:)` on the caller's thread.
public final class ManualClock: DeadlineClock, @unchecked Sendable {
    private let lock = NSLock()
    private var wall: Date
    private var elapsed: Double = 0
    private var zone: TimeZone
    private var timers: [(deadline: Double, order: Int, token: Token, action: @Sendable () -> Void)] = []
    private var nextOrder = 0

    public init(now: Date, timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current) {
        wall = now
        zone = timeZone
    }

    public func now() -> Date { lock.withLock { wall } }
    public func monotonic() -> Double { lock.withLock { elapsed } }
    public func timeZone() -> TimeZone { lock.withLock { zone } }

    public func schedule(after delay: Double, _ action: @escaping @Sendable () -> Void) -> any ArmedDeadline {
        let token = Token()
        lock.withLock {
            timers.append((elapsed + max(0, delay), nextOrder, token, action))
            nextOrder += 1
        }
        return token
    }

    /// How many deadlines are armed and not cancelled.
    public var armedCount: Int { lock.withLock { timers.filter { !$0.token.isCancelled }.count } }

    /// Moves both clocks forward by `seconds`, running every action that falls due, in order.
    public func advance(by seconds: Double) {
        let target = lock.withLock { elapsed + seconds }
        while true {
            let next: (@Sendable () -> Void)? = lock.withLock {
                timers.removeAll { $0.token.isCancelled }
                guard
                    let index = timers.indices.min(by: {
                        (timers[$0].deadline, timers[$0].order) < (timers[$1].deadline, timers[$1].order)
                    }),
                    timers[index].deadline <= target
                else { return nil }
                let timer = timers.remove(at: index)
                wall = wall.addingTimeInterval(timer.deadline - elapsed)
                elapsed = timer.deadline
                return timer.action
            }
            guard let next else { break }
            next()
        }
        lock.withLock {
            wall = wall.addingTimeInterval(target - elapsed)
            elapsed = target
        }
    }

    /// Sets the wall clock alone (as `date -s` or NTP would); the monotonic clock does not move.
    public func setWall(_ date: Date) { lock.withLock { wall = date } }

    /// Changes the device's time zone.
    public func setTimeZone(_ timeZone: TimeZone) { lock.withLock { zone = timeZone } }

    private final class Token: ArmedDeadline, @unchecked Sendable {
        private let lock = NSLock()
        private var cancelled = false
        var isCancelled: Bool { lock.withLock { cancelled } }
        func cancel() { lock.withLock { cancelled = true } }
    }
}
