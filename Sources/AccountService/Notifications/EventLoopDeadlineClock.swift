import BatonEnvironment
import Foundation
import NIOCore
import Synchronization

/// The real `DeadlineClock`: the system's wall clock (as `BATON_NOW` set it for the daemon, which is how a
/// test makes one machine's clock differ from another's), NIO's uptime clock for monotonic time, deadlines as
/// tasks scheduled on the daemon's event loop (so actions run on the loop).
final class EventLoopDeadlineClock: DeadlineClock {
    private let eventLoop: any EventLoop
    private let wall: BatonClock
    /// The zone last read, and when (monotonic seconds).
    private let zone = Mutex((zone: TimeZone.current, checkedAt: -Double.infinity))

    init(eventLoop: any EventLoop, wall: BatonClock = .system) {
        self.eventLoop = eventLoop
        self.wall = wall
    }

    func now() -> Date { wall.now() }

    func monotonic() -> Double { Double(NIODeadline.now().uptimeNanoseconds) / 1e9 }

    /// Re-reads the system zone (TZ, /etc/localtime) at most once a second: Foundation caches it otherwise.
    func timeZone() -> TimeZone {
        let now = monotonic()
        return zone.withLock { zone in
            if now - zone.checkedAt >= 1 {
                NSTimeZone.resetSystemTimeZone()
                zone = (TimeZone.current, now)
            }
            return zone.zone
        }
    }

    func schedule(after delay: Double, _ action: @escaping @Sendable () -> Void) -> any ArmedDeadline {
        let nanoseconds = Int64(max(0, min(delay, 1e9)) * 1e9)
        return ScheduledDeadline(task: eventLoop.scheduleTask(in: .nanoseconds(nanoseconds), action))
    }

    private struct ScheduledDeadline: ArmedDeadline {
        let task: Scheduled<Void>
        func cancel() { task.cancel() }
    }
}
