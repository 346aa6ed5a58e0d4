import BatonEnvironment
import Foundation
import NIOCore

/// The real `DeadlineClock`: `Date()` for the wall, NIO's uptime clock for monotonic time, deadlines as
/// tasks scheduled on the daemon's event loop (so actions run on the loop).
final class EventLoopDeadlineClock: DeadlineClock, @unchecked Sendable {
    private let eventLoop: any EventLoop
    private let lock = NSLock()
    private var zone = TimeZone.current
    private var zoneCheckedAt = -Double.infinity

    init(eventLoop: any EventLoop) { self.eventLoop = eventLoop }

    func now() -> Date { Date() }

    func monotonic() -> Double { Double(NIODeadline.now().uptimeNanoseconds) / 1e9 }

    /// Re-reads the system zone (TZ, /etc/localtime) at most once a second: Foundation caches it otherwise.
    func timeZone() -> TimeZone {
        let now = monotonic()
        return lock.withLock {
            if now - zoneCheckedAt >= 1 {
                NSTimeZone.resetSystemTimeZone()
                zone = TimeZone.current
                zoneCheckedAt = now
            }
            return zone
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
