import Foundation

/// Notices that a clock's wall time jumped (the user or NTP set it, the machine woke from suspend) or its time
/// zone changed, by comparing wall time with monotonic time: the two advance together unless one jumps.
///
/// Deadlines run on monotonic time and are not affected; events tied to the calendar (midnight, a date) must be
/// armed again when `check()` says so.
public struct WallClockWatch {
    /// How far wall and monotonic time may drift apart before it counts as a jump (seconds).
    public static let tolerance: Double = 2
    private var offset: Double
    private var zone: TimeZone

    /// Starts watching `clock` from now.
    public init(_ clock: any DeadlineClock) {
        offset = clock.now().timeIntervalSinceReferenceDate - clock.monotonic()
        zone = clock.timeZone()
    }

    /// Whether the wall clock jumped or the zone changed since the last check (or the start).
    public mutating func check(_ clock: any DeadlineClock) -> Bool {
        let newOffset = clock.now().timeIntervalSinceReferenceDate - clock.monotonic()
        let newZone = clock.timeZone()
        let jumped = abs(newOffset - offset) > Self.tolerance
        let zoneChanged =
            newZone.identifier != zone.identifier
            || newZone.secondsFromGMT(for: clock.now()) != zone.secondsFromGMT(for: clock.now())
        offset = newOffset
        zone = newZone
        return jumped || zoneChanged
    }
}
