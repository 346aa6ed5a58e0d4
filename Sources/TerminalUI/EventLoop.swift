import Foundation

/// What a program receives on the UI thread.
public enum LoopEvent: Sendable {
    case input(InputEvent)
    case message(any Sendable)
    case timer(String)
}

/// What a program may ask of the loop that runs it.
public protocol LoopControl: AnyObject {
    /// Stops the loop after the current event.
    func quit()
    /// Delivers `.timer(token)` after `seconds`; a timer with the same token is replaced.
    func schedule(after seconds: TimeInterval, token: String)
    /// Cancels a pending timer.
    func cancelTimer(_ token: String)
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
    /// Draws the whole frame; the renderer sends only the difference. Returns where the cursor goes.
    func render(into buffer: inout CellBuffer) -> Point?
}

/// The UI thread's loop: waits on the terminal and the message port with `poll`, delivers input,
/// messages and due timers to the program, then renders one frame if anything happened.
public final class EventLoop: LoopControl {
    public let port: MessagePort
    private let terminal: NcursesTerminal
    private let renderer: FrameRenderer
    private var timers: [(deadline: Date, token: String)] = []
    private var running = false
    /// Set when the terminal hangs up; the loop then ends as if the user had quit.
    private var terminalLost = false

    public init(terminal: NcursesTerminal, port: MessagePort) {
        self.terminal = terminal
        self.port = port
        renderer = FrameRenderer(backend: terminal)
    }

    /// Runs until the program calls `quit()`.
    public func run(_ program: LoopProgram) {
        running = true
        draw(program)
        while running {
            waitForWork()
            if terminalLost { return }
            var events: [LoopEvent] = terminal.readEvents().map(LoopEvent.input)
            // Several resizes in one batch collapse into the last.
            if let lastResize = events.lastIndex(where: {
                if case .input(.resize) = $0 { true } else { false }
            }) {
                events = events.enumerated().filter { index, event in
                    if case .input(.resize) = event { return index == lastResize }
                    return true
                }.map(\.element)
            }
            events += port.drain().map(LoopEvent.message)
            let now = Date()
            let due = timers.filter { $0.deadline <= now }
            timers.removeAll { $0.deadline <= now }
            events += due.map { LoopEvent.timer($0.token) }
            guard !events.isEmpty else { continue }
            for event in events {
                if case .input(.resize) = event { renderer.invalidate() }
                program.update(event, loop: self)
                if !running { return }
            }
            draw(program)
        }
    }

    /// Stops the loop after the current event.
    public func quit() { running = false }

    /// Delivers `.timer(token)` after `seconds`; a timer with the same token is replaced.
    public func schedule(after seconds: TimeInterval, token: String) {
        timers.removeAll { $0.token == token }
        timers.append((Date().addingTimeInterval(max(0, seconds)), token))
    }

    /// Cancels a pending timer.
    public func cancelTimer(_ token: String) { timers.removeAll { $0.token == token } }

    /// `Ctrl-Z`: restores the terminal, stops as a job (as vim and w3m do), and redraws in full on `fg`.
    @discardableResult
    public func suspend() -> Bool {
        guard terminal.suspend() else { return false }
        renderer.invalidate()
        return true
    }

    private func draw(_ program: LoopProgram) {
        var frame = CellBuffer(size: terminal.size)
        let cursor = program.render(into: &frame)
        renderer.present(frame, cursor: cursor)
    }

    private func waitForWork() {
        var fds = [
            pollfd(fd: terminal.inputDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: port.wakeDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: terminal.resizeDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        var timeout: Int32 = -1
        if let next = timers.map(\.deadline).min() {
            timeout = Int32(max(0, min(next.timeIntervalSinceNow * 1000 + 1, Double(Int32.max))))
        }
        _ = poll(&fds, nfds_t(fds.count), timeout)  // EINTR (a resize) simply returns; the resize pipe tells.
        // The terminal hung up (its window closed, its tmux server died): nobody can see or type any more.
        if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { terminalLost = true }
    }
}
