import BatonEnvironment
import Foundation

/// What a program receives on the UI thread.
public enum LoopEvent: Sendable {
    case input(InputEvent)
    /// A message posted to the port, with its addressee.
    case message(Envelope)
    case timer(LoopTimer)
    /// The wall clock jumped or the time zone changed: events tied to the calendar must be armed again.
    case wallClockChanged
}

/// What a program may ask of the loop that runs it.
public protocol LoopControl: AnyObject {
    /// Stops the loop after the current event.
    func quit()
    /// Delivers `.timer(timer)` after `seconds` of monotonic time; a pending timer with the same key is replaced.
    func schedule(after seconds: TimeInterval, _ timer: LoopTimer)
    /// Cancels a pending timer.
    func cancelTimer(_ timer: LoopTimer)
    /// Gives the terminal back and stops the process until the shell continues it (`Ctrl-Z`), then
    /// redraws everything; returns false when there is no job control to stop into.
    @discardableResult
    func suspend() -> Bool
}

extension LoopControl {
    public func suspend() -> Bool { false }
}

/// A program run by the event loop, in the Bubble Tea shape: events update state, `render` draws it.
public protocol LoopProgram: AnyObject {
    /// Updates state for one event. Call `loop.quit()` to stop.
    func update(_ event: LoopEvent, loop: LoopControl)
    /// Draws the whole frame from the state, changing nothing; the renderer sends only the difference.
    /// Returns where the cursor goes.
    func render(into buffer: inout CellBuffer) -> Point?
}

/// The UI thread's loop: waits on the terminal and the message port, delivers input, messages and due timers
/// to the program, then renders one frame if anything happened.
///
/// Timers run on the clock's monotonic time, so a wall-clock jump neither fires nor starves them; the jump
/// itself (or a new time zone) arrives as `.wallClockChanged`. The first event is the terminal's size.
public final class EventLoop: LoopControl {
    public let port: MessagePort
    private let terminal: any InteractiveTerminal
    private let clock: any DeadlineClock
    private let renderer: FrameRenderer
    private var timers: [LoopTimer: Double] = [:]
    /// Orders timers due at the same instant by when they were scheduled.
    private var order: [LoopTimer: Int] = [:]
    private var nextOrder = 0
    private var wallClock: WallClockWatch
    private var running = false
    private var started = false

    public init(terminal: any InteractiveTerminal, port: MessagePort, clock: any DeadlineClock) {
        self.terminal = terminal
        self.port = port
        self.clock = clock
        wallClock = WallClockWatch(clock)
        renderer = FrameRenderer(backend: terminal)
    }

    /// Runs until the program calls `quit()` or the terminal hangs up.
    public func run(_ program: LoopProgram) {
        guard start(program) else { return }
        while running {
            if terminal.waitForInput(timeout: timeUntilNextTimer(), wakeDescriptor: port.wakeDescriptor) == .hungUp {
                return
            }
            guard turn(program) else { return }
        }
    }

    /// Tells the program the terminal's size and draws the first frame; false when the program quit at once.
    @discardableResult
    public func start(_ program: LoopProgram) -> Bool {
        running = true
        started = true
        program.update(.input(.resize(terminal.size)), loop: self)
        guard running else { return false }
        draw(program)
        return true
    }

    /// Delivers everything that is ready now (input, messages, due timers, a wall-clock change), without
    /// waiting, and draws a frame if anything happened. Returns false once the program has quit.
    /// `run` calls it after each wait; tests call it after queueing input or moving the clock.
    @discardableResult
    public func turn(_ program: LoopProgram) -> Bool {
        if !started { guard start(program) else { return false } }
        var events = Self.coalescingResizes(terminal.readEvents().map(LoopEvent.input))
        events += port.drain().map(LoopEvent.message)
        if wallClock.check(clock) { events.append(.wallClockChanged) }
        events += takeDueTimers().map(LoopEvent.timer)
        guard !events.isEmpty else { return running }
        for event in events {
            if case .input(.resize) = event { renderer.invalidate() }
            program.update(event, loop: self)
            if !running { return false }
        }
        draw(program)
        return running
    }

    /// Several resizes in one batch collapse into the last.
    static func coalescingResizes(_ events: [LoopEvent]) -> [LoopEvent] {
        guard
            let lastResize = events.lastIndex(where: {
                if case .input(.resize) = $0 { true } else { false }
            })
        else { return events }
        return events.enumerated().filter { index, event in
            if case .input(.resize) = event { return index == lastResize }
            return true
        }.map(\.element)
    }

    /// Stops the loop after the current event.
    public func quit() { running = false }

    public func schedule(after seconds: TimeInterval, _ timer: LoopTimer) {
        timers[timer] = clock.monotonic() + max(0, seconds)
        order[timer] = nextOrder
        nextOrder += 1
    }

    public func cancelTimer(_ timer: LoopTimer) {
        timers[timer] = nil
        order[timer] = nil
    }

    /// Seconds (monotonic) until `timer` is due, or nil when it is not pending.
    public func remaining(_ timer: LoopTimer) -> Double? {
        timers[timer].map { max(0, $0 - clock.monotonic()) }
    }

    /// `Ctrl-Z`: restores the terminal, stops as a job (as vim and w3m do), and redraws in full on `fg`.
    @discardableResult
    public func suspend() -> Bool {
        guard terminal.suspend() else { return false }
        renderer.invalidate()
        return true
    }

    private func takeDueTimers() -> [LoopTimer] {
        let now = clock.monotonic()
        let due = timers.filter { $0.value <= now }
            .sorted { ($0.value, order[$0.key] ?? 0) < ($1.value, order[$1.key] ?? 0) }.map(\.key)
        for timer in due { cancelTimer(timer) }
        return due
    }

    private func timeUntilNextTimer() -> Double? {
        timers.values.min().map { max(0, $0 - clock.monotonic()) }
    }

    private func draw(_ program: LoopProgram) {
        var frame = CellBuffer(size: terminal.size)
        let cursor = program.render(into: &frame)
        renderer.present(frame, cursor: cursor)
    }
}
