import BatonEnvironment
import Foundation
import Testing

@testable import AccountClient

/// The link supervisor's backoff runs on the injected clock's monotonic time: 1 s doubling to 60 s while the link
/// keeps ending, back to 1 s after a minute up, and a jump of the wall clock (BATON_NOW, NTP) changes nothing.
@Suite struct LinkBackoffTests {
    @Test func doublesToAMinuteAndStartsAgainAfterAMinuteUpOnTheMonotonicClock() {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_700_000_000))
        var backoff = LinkBackoff(clock: clock)
        var waits: [Double] = []
        for _ in 0..<8 {
            backoff.running()
            clock.advance(by: 5)
            waits.append(backoff.ended())
        }
        #expect(waits == [1, 2, 4, 8, 16, 32, 60, 60])

        // Up for a minute by the monotonic clock: the next wait is 1 s again.
        backoff.running()
        clock.advance(by: 61)
        backoff.running()
        #expect(backoff.ended() == 1)
    }

    @Test func aWallClockJumpDoesNotCountAsTimeUp() {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_700_000_000))
        var backoff = LinkBackoff(clock: clock)
        for _ in 0..<3 {
            backoff.running()
            _ = backoff.ended()
        }
        #expect(backoff.delay == 8)
        backoff.running()
        // The wall clock leaps an hour ahead (a link started with BATON_NOW, or NTP); the link ran a second.
        clock.setWall(Date(timeIntervalSince1970: 1_700_003_600))
        clock.advance(by: 1)
        backoff.running()
        #expect(backoff.ended() == 8)
    }
}
