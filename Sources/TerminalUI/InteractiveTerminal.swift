/// A terminal the event loop can run on: it draws frames, waits for input and reads it.
/// `NcursesTerminal` is the real one; `HeadlessTerminal` feeds queued input to tests.
public protocol InteractiveTerminal: TerminalBackend {
    /// Waits until input is ready, `wakeDescriptor` is readable or `timeout` seconds pass (nil: no limit);
    /// returns `.hungUp` when nobody can see or type any more (the window closed, tmux died).
    func waitForInput(timeout: Double?, wakeDescriptor: Int32) -> TerminalWait
    /// Everything the terminal has read, decoded; never blocks.
    func readEvents() -> [InputEvent]
    /// Gives the terminal back and stops the process until it is continued; false when it cannot.
    func suspend() -> Bool
}

/// What waiting on a terminal ended with.
public enum TerminalWait: Sendable {
    /// Input, a message or a timer may be due.
    case ready
    /// The terminal is gone.
    case hungUp
}
