import Foundation

/// A clock that tells the wall time and the monotonic time, and runs one action at a deadline.
///
/// The daemon's scheduler uses it with one armed deadline at a time. `MonotonicTime` never jumps; the wall
/// clock can (the user or NTP sets it), which the scheduler notices by comparing the two.
public protocol DeadlineClock: AnyObject, Sendable {
    /// The wall-clock time, for dates.
    func now() -> Date
    /// Seconds on a clock that only runs forward, from an arbitrary origin.
    func monotonic() -> Double
    /// The device's time zone now.
    func timeZone() -> TimeZone
    /// Runs `action` once, `delay` seconds (monotonic) from now, unless cancelled.
    func schedule(after delay: Double, _ action: @escaping @Sendable () -> Void) -> any ArmedDeadline
}

/// A scheduled action that can still be called off.
public protocol ArmedDeadline: Sendable {
    func cancel()
}
