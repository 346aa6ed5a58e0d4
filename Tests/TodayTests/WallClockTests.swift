import BatonEnvironment
import Foundation
import SuiteShell
import TestSupport
import Testing
import Today

@testable import TerminalUI

/// The Today panel in the real shell and event loop, on the test clock: midnight passes, the wall clock jumps.
@Suite("Today across midnight and wall-clock jumps")
struct WallClockTests {
    static let beforeMidnight = Date(timeIntervalSince1970: 1_735_689_540)  // 2024-12-31T23:59:00Z

    /// The suite with only Today, shown, its first update delivered.
    final class Suite {
        let fixture: WidgetFixture
        let clock = ManualClock(now: WallClockTests.beforeMidnight)
        let terminal = HeadlessTerminal(size: Size(width: 100, height: 24))
        let shell: Shell
        let loop: EventLoop
        let today: TodayApp

        init() throws {
            fixture = try WidgetFixture()
            today = TodayApp(
                catalog: Result { try WidgetCatalog.load(resources: WidgetFixture.repositoryResources) }.mapError {
                    $0 as? ManifestError ?? .unreadable(file: "", reason: "\($0)")
                },
                preferencesFile: WidgetPreferences.file(paths: fixture.paths, device: "box:pts-3"),
                host: fixture.host(), runner: InlineUpdateRunner())
            let port = try MessagePort()
            let clock = clock
            shell = Shell(
                info: ShellFrames.info, apps: [today], port: port, now: { clock.now() },
                timeZone: { clock.timeZone() })
            loop = EventLoop(terminal: terminal, port: port, clock: clock)
            loop.start(shell)
            terminal.queue(.key(.f(3)))
            settle()
        }

        /// Turns the loop until nothing more is ready (the inline widget runs post their results at once).
        func settle() {
            for _ in 0..<10 { loop.turn(shell) }
        }

        /// Moves time forward as it passes (wall and monotonic together), then lets the loop catch up.
        func pass(_ seconds: Double) {
            clock.advance(by: seconds)
            settle()
        }

        var screen: String { terminal.screen.textLines().joined(separator: "\n") }
    }

    @Test("local midnight updates the panel to the new day, and the next update is the following midnight")
    func midnight() throws {
        let suite = try Suite()
        defer { suite.fixture.remove() }
        #expect(suite.screen.contains("Today is day 366. There are no days remaining in the year."))
        #expect(suite.today.scheduledUpdate == ISO8601Time.parse("2025-01-01T00:00:00Z"))
        suite.pass(59)
        #expect(suite.screen.contains("Today is day 366."), "a second before midnight nothing changed")
        suite.pass(1)
        #expect(suite.screen.contains("Today is day 1. There are 364 days remaining in the year."))
        #expect(suite.today.scheduledUpdate == ISO8601Time.parse("2025-01-02T00:00:00Z"))
    }

    @Test("after a one-hour wall-clock jump the pending update is re-armed and still comes at midnight")
    func wallClockJump() throws {
        let suite = try Suite()
        defer { suite.fixture.remove() }
        suite.pass(120)  // 2025-01-01T00:01:00Z: day 1, the next update at the next midnight.
        #expect(suite.screen.contains("Today is day 1."))
        // The wall clock jumps an hour forward (NTP, a resumed laptop); monotonic time does not move.
        suite.clock.setWall(try #require(ISO8601Time.parse("2025-01-01T01:01:00Z")))
        suite.settle()
        #expect(suite.today.scheduledUpdate == ISO8601Time.parse("2025-01-02T00:00:00Z"))
        // 22 h 59 min of real time to the next midnight now, not 23 h 59 min.
        suite.pass(22 * 3600 + 58 * 60)
        #expect(suite.screen.contains("Today is day 1."), "a minute before midnight")
        suite.pass(60)
        #expect(suite.screen.contains("Today is day 2. There are 363 days remaining in the year."))
    }

    @Test("a wall-clock jump past midnight updates the panel at once")
    func jumpPastMidnight() throws {
        let suite = try Suite()
        defer { suite.fixture.remove() }
        suite.clock.setWall(try #require(ISO8601Time.parse("2025-01-01T00:59:00Z")))
        suite.settle()
        #expect(suite.screen.contains("Today is day 1. There are 364 days remaining in the year."))
        #expect(suite.today.scheduledUpdate == ISO8601Time.parse("2025-01-02T00:00:00Z"))
    }

    @Test("a new time zone moves the next update to its midnight")
    func timeZoneChange() throws {
        let suite = try Suite()
        defer { suite.fixture.remove() }
        suite.pass(120)  // 2025-01-01T00:01:00Z
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        suite.clock.setTimeZone(newYork)  // It is 19:01 on 31 December there.
        suite.settle()
        #expect(suite.today.scheduledUpdate == ISO8601Time.parse("2025-01-01T05:00:00Z"))
    }
}
