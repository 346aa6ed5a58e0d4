import Foundation
import Synchronization

/// A `DeadlineClock` that moves only when told: tests advance it, jump its wall clock, or change its zone.
/// Due actions run, in deadline order, inside `advance(by:)` on the caller's thread.
public final class ManualClock: DeadlineClock {
    private struct Timer {
        var deadline: Double
        var order: Int
        var token: Token
        var action: @Sendable () -> Void
    }

    private struct State {
        var wall: Date
        var elapsed: Double = 0
        var zone: TimeZone
        var timers: [Timer] = []
        var nextOrder = 0
    }

    private let state: Mutex<State>

    public init(now: Date, timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current) {
        state = Mutex(State(wall: now, zone: timeZone))
    }

    public func now() -> Date { state.withLock { $0.wall } }
    public func monotonic() -> Double { state.withLock { $0.elapsed } }
    public func timeZone() -> TimeZone { state.withLock { $0.zone } }

    public func schedule(after delay: Double, _ action: @escaping @Sendable () -> Void) -> any ArmedDeadline {
        let token = Token()
        state.withLock { state in
            state.timers.append(
                Timer(deadline: state.elapsed + max(0, delay), order: state.nextOrder, token: token, action: action))
            state.nextOrder += 1
        }
        return token
    }

    /// How many deadlines are armed and not cancelled.
    public var armedCount: Int { state.withLock { $0.timers.filter { !$0.token.isCancelled }.count } }

    /// Moves both clocks forward by `seconds`, running every action that falls due, in order.
    public func advance(by seconds: Double) {
        let target = state.withLock { $0.elapsed + seconds }
        while true {
            let next: (@Sendable () -> Void)? = state.withLock { state in
                state.timers.removeAll { $0.token.isCancelled }
                guard
                    let index = state.timers.indices.min(by: {
                        (state.timers[$0].deadline, state.timers[$0].order)
                            < (state.timers[$1].deadline, state.timers[$1].order)
                    }),
                    state.timers[index].deadline <= target
                else { return nil }
                let timer = state.timers.remove(at: index)
                state.wall = state.wall.addingTimeInterval(timer.deadline - state.elapsed)
                state.elapsed = timer.deadline
                return timer.action
            }
            guard let next else { break }
            next()
        }
        state.withLock { state in
            state.wall = state.wall.addingTimeInterval(target - state.elapsed)
            state.elapsed = target
        }
    }

    /// Sets the wall clock alone (as `date -s` or NTP would); the monotonic clock does not move.
    public func setWall(_ date: Date) { state.withLock { $0.wall = date } }

    /// Changes the device's time zone.
    public func setTimeZone(_ timeZone: TimeZone) { state.withLock { $0.zone = timeZone } }

    private final class Token: ArmedDeadline {
        private let cancelled = Atomic(false)
        var isCancelled: Bool { cancelled.load(ordering: .acquiring) }
        func cancel() { cancelled.store(true, ordering: .releasing) }
    }
}
