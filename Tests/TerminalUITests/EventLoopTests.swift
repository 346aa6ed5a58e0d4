import BatonEnvironment
import Foundation
import Testing

@testable import TerminalUI

/// A program that records what the loop delivers, and quits on `q` or at a timer named `quit`.
private final class RecordingProgram: LoopProgram {
    var events: [LoopEvent] = []
    var frames = 0
    var timersToSchedule: [(TimeInterval, LoopTimer)] = []

    func update(_ event: LoopEvent, loop: LoopControl) {
        events.append(event)
        for (seconds, timer) in timersToSchedule { loop.schedule(after: seconds, timer) }
        timersToSchedule = []
        if case .input(.key(.char("q"))) = event { loop.quit() }
        if case .timer(let timer) = event, timer.key(as: Named.self) == Named("quit") { loop.quit() }
    }

    func render(into buffer: inout CellBuffer) -> Point? {
        frames += 1
        buffer.put("frame \(frames)", x: 0, y: 0)
        return nil
    }

    var resizes: [Size] { events.compactMap { if case .input(.resize(let size)) = $0 { size } else { nil } } }
    var timers: [String] {
        events.compactMap { if case .timer(let timer) = $0 { timer.key(as: Named.self)?.name } else { nil } }
    }
    var wallClockChanges: Int { events.filter { if case .wallClockChanged = $0 { true } else { false } }.count }
}

private struct Named: TimerKey {
    let name: String
    init(_ name: String) { self.name = name }
}

@Suite("Event loop over the headless terminal and the test clock")
struct EventLoopTests {
    static let start = Date(timeIntervalSince1970: 1_735_689_000)  // 2024-12-31T23:50:00Z

    func makeLoop(_ terminal: HeadlessTerminal, _ clock: ManualClock) throws -> EventLoop {
        EventLoop(terminal: terminal, port: try MessagePort(), clock: clock)
    }

    @Test("the first event is the terminal's size, then the first frame is drawn")
    func startsWithTheSize() throws {
        let terminal = HeadlessTerminal(size: Size(width: 70, height: 20))
        let loop = try makeLoop(terminal, ManualClock(now: Self.start))
        let program = RecordingProgram()
        #expect(loop.start(program))
        #expect(program.resizes == [Size(width: 70, height: 20)])
        #expect(terminal.frameCount == 1)
        #expect(terminal.screen.textLines()[0].hasPrefix("frame 1"))
    }

    @Test("several resizes in one batch reach the program as the last one, and one frame is drawn")
    func resizesCoalesce() throws {
        let terminal = HeadlessTerminal(size: Size(width: 70, height: 20))
        let loop = try makeLoop(terminal, ManualClock(now: Self.start))
        let program = RecordingProgram()
        loop.start(program)
        terminal.queue(.resize(Size(width: 80, height: 24)), .key(.char("a")), .resize(Size(width: 90, height: 30)))
        terminal.resize(to: Size(width: 90, height: 30))
        #expect(loop.turn(program))
        #expect(program.resizes == [Size(width: 70, height: 20), Size(width: 90, height: 30)])
        #expect(terminal.frameCount == 2)
    }

    @Test("a turn with nothing ready draws nothing")
    func idleTurn() throws {
        let terminal = HeadlessTerminal(size: Size(width: 70, height: 20))
        let loop = try makeLoop(terminal, ManualClock(now: Self.start))
        let program = RecordingProgram()
        loop.start(program)
        #expect(loop.turn(program))
        #expect(terminal.frameCount == 1)
        #expect(program.events.count == 1)
    }

    @Test("timers fire when the test clock reaches them, in order; one with the same key is replaced")
    func timersFollowTheClock() throws {
        let clock = ManualClock(now: Self.start)
        let terminal = HeadlessTerminal(size: Size(width: 70, height: 20))
        let loop = try makeLoop(terminal, clock)
        let program = RecordingProgram()
        program.timersToSchedule = [
            (5, LoopTimer(Named("late"))), (1, LoopTimer(Named("early"))), (9, LoopTimer(Named("replaced"))),
            (2, LoopTimer(Named("replaced"))),
        ]
        loop.start(program)
        clock.advance(by: 0.5)
        loop.turn(program)
        #expect(program.timers.isEmpty)
        clock.advance(by: 2)
        loop.turn(program)
        #expect(program.timers == ["early", "replaced"])
        clock.advance(by: 3)
        loop.turn(program)
        #expect(program.timers == ["early", "replaced", "late"])
        clock.advance(by: 10)
        loop.turn(program)
        #expect(program.timers == ["early", "replaced", "late"], "a timer fires once")
    }

    @Test("a cancelled timer does not fire")
    func cancel() throws {
        let clock = ManualClock(now: Self.start)
        let loop = try makeLoop(HeadlessTerminal(size: Size(width: 70, height: 20)), clock)
        let program = RecordingProgram()
        program.timersToSchedule = [(1, LoopTimer(Named("gone")))]
        loop.start(program)
        loop.cancelTimer(LoopTimer(Named("gone")))
        clock.advance(by: 2)
        loop.turn(program)
        #expect(program.timers.isEmpty)
    }

    @Test("a wall-clock jump neither fires nor starves a timer, and is reported once")
    func wallClockJump() throws {
        let clock = ManualClock(now: Self.start)
        let loop = try makeLoop(HeadlessTerminal(size: Size(width: 70, height: 20)), clock)
        let program = RecordingProgram()
        program.timersToSchedule = [(60, LoopTimer(Named("minute")))]
        loop.start(program)
        clock.setWall(Self.start.addingTimeInterval(3600))
        loop.turn(program)
        #expect(program.timers.isEmpty, "an hour forward on the wall clock does not fire a one-minute timer")
        #expect(program.wallClockChanges == 1)
        #expect(loop.remaining(LoopTimer(Named("minute"))) == 60)
        clock.setWall(Self.start.addingTimeInterval(-7200))
        loop.turn(program)
        #expect(program.wallClockChanges == 2)
        clock.advance(by: 60)
        loop.turn(program)
        #expect(program.timers == ["minute"], "two hours back does not hold it up")
        #expect(program.wallClockChanges == 2, "time passing is no jump")
    }

    @Test("a time zone change is reported as a wall-clock change")
    func timeZoneChange() throws {
        let clock = ManualClock(now: Self.start)
        let loop = try makeLoop(HeadlessTerminal(size: Size(width: 70, height: 20)), clock)
        let program = RecordingProgram()
        loop.start(program)
        clock.setTimeZone(try #require(TimeZone(identifier: "America/New_York")))
        loop.turn(program)
        #expect(program.wallClockChanges == 1)
    }

    @Test("messages posted to the port arrive with their addressee")
    func messages() throws {
        let terminal = HeadlessTerminal(size: Size(width: 70, height: 20))
        let port = try MessagePort()
        let loop = EventLoop(terminal: terminal, port: port, clock: ManualClock(now: Self.start))
        let program = RecordingProgram()
        loop.start(program)
        port.post("hello", to: .app("Today"))
        loop.turn(program)
        guard case .message(let envelope) = program.events.last else {
            Issue.record("no message delivered")
            return
        }
        #expect(envelope.addressee == .app("Today"))
        #expect(envelope.message as? String == "hello")
    }

    @Test("quitting ends the loop after the event; run returns")
    func quit() throws {
        let terminal = HeadlessTerminal(size: Size(width: 70, height: 20))
        let loop = try makeLoop(terminal, ManualClock(now: Self.start))
        let program = RecordingProgram()
        terminal.queue(.key(.char("x")), .key(.char("q")), .key(.char("y")))
        loop.run(program)
        #expect(program.events.count == 3, "the size, x and q; y comes after quitting")
        #expect(terminal.frameCount == 1, "no frame after quitting")
    }

    @Test("a timer can quit the loop")
    func quitFromTimer() throws {
        let clock = ManualClock(now: Self.start)
        let loop = try makeLoop(HeadlessTerminal(size: Size(width: 70, height: 20)), clock)
        let program = RecordingProgram()
        program.timersToSchedule = [(1, LoopTimer(Named("quit")))]
        loop.start(program)
        clock.advance(by: 1)
        #expect(!loop.turn(program))
    }

    @Test("a hung-up terminal ends the loop as if the user had quit")
    func hangUp() throws {
        let terminal = HeadlessTerminal(size: Size(width: 70, height: 20))
        let loop = try makeLoop(terminal, ManualClock(now: Self.start))
        let program = RecordingProgram()
        terminal.hangUp()
        loop.run(program)
        #expect(program.events.count == 1, "only the size, before the wait noticed the hang-up")
    }
}
