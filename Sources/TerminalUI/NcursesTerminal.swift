import CNcursesw
import Foundation
import TextWidth

/// The real terminal, driven through ncursesw. Only the thread that created it may use it.
///
/// Start-up follows DESIGN.md: a UTF-8 locale, `raw()` so Ctrl-C/Ctrl-O arrive as keys, `keypad`,
/// a 25 ms Escape delay, mouse reports, and colours with graceful fallback. `shutdown()` restores
/// the terminal (leaves the alternate screen and raw mode); it also runs if the object is released.
public final class NcursesTerminal: InteractiveTerminal {
    public let colorSupport: ColorSupport
    public let decoder: KeyDecoder
    private var screen: OpaquePointer?
    private var window: UnsafeMutablePointer<WINDOW>?
    private var pairs: [PairKey: Int16] = [:]
    private var nextPair: Int32 = 1
    private var isOpen = false
    private var inputFile: UnsafeMutablePointer<FILE>?
    private var outputFile: UnsafeMutablePointer<FILE>?
    /// The descriptor that becomes readable when the window is resized.
    public private(set) var resizeDescriptor: Int32 = -1

    private struct PairKey: Hashable {
        var foreground: Int16
        var background: Int16
    }

    /// Opens the terminal on standard input/output.
    public convenience init(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws
    {
        try self.init(terminalType: nil, input: nil, output: nil, environment: environment)
    }

    /// Opens a terminal of `terminalType` on the given streams (nil: `TERM`, stdin, stdout).
    public init(
        terminalType: String?, input: UnsafeMutablePointer<FILE>?, output: UnsafeMutablePointer<FILE>?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        setlocale(LC_ALL, "")
        TextWidth.ensureUTF8Locale()
        guard isatty(input.map { fileno($0) } ?? STDIN_FILENO) == 1 || input != nil else {
            throw TerminalError.notATerminal
        }
        guard isatty(output.map { fileno($0) } ?? STDOUT_FILENO) == 1 || output != nil else {
            throw TerminalError.outputNotATerminal
        }
        let type = terminalType ?? environment["TERM"] ?? "xterm"
        guard !["", "dumb", "unknown"].contains(type) else { throw TerminalError.tooLimited(type) }
        inputFile = input ?? fdopen(dup(STDIN_FILENO), "r")
        outputFile = output ?? fdopen(dup(STDOUT_FILENO), "w")
        guard let inputFile, let outputFile else { throw TerminalError.cannotOpen(type) }
        resizeDescriptor = ResizeSignal.install()
        guard let created = newterm(type, outputFile, inputFile) else {
            throw TerminalError.unknownTerminal(type)
        }
        set_term(created)
        // A screen-oriented UI needs cursor addressing; a terminal without it would draw one line.
        let cup = tigetstr("cup")
        guard let cup, cup != UnsafeMutablePointer<CChar>(bitPattern: -1) else {
            endwin()
            delscreen(created)
            throw TerminalError.tooLimited(type)
        }
        screen = created
        window = baton_stdscr()
        isOpen = true
        raw()
        noecho()
        nonl()
        keypad(window, true)
        intrflush(window, false)
        set_escdelay(25)
        nodelay(window, true)
        leaveok(window, false)
        curs_set(0)
        mousemask(baton_all_mouse_events(), nil)
        mouseinterval(0)
        var support = ColorSupport.none
        if has_colors() {
            start_color()
            use_default_colors()
            support = ColorSupport.detect(
                colors: Int(baton_colors()), hasColors: true, environment: environment)
        }
        colorSupport = support
        decoder = KeyDecoder(extendedKeys: KeyDecoder.extendedKeysFromTerminfo())
    }

    deinit { shutdown() }

    public var size: Size { Size(width: Int(getmaxx(window)), height: Int(getmaxy(window))) }

    /// The file descriptor to poll for input.
    public var inputDescriptor: Int32 { inputFile.map { fileno($0) } ?? STDIN_FILENO }

    public func draw(_ changes: [(Point, Cell)], cursor: Point?) {
        guard isOpen, let window else { return }
        for (point, cell) in changes {
            var scalars = cell.grapheme.unicodeScalars.prefix(7).map { wchar_t(bitPattern: $0.value) }
            if scalars.isEmpty { scalars = [wchar_t(32)] }
            scalars.append(0)
            let pair = pairNumber(for: cell.style)
            _ = baton_put_cell(
                window, Int32(point.y), Int32(point.x), scalars, attributes(for: cell.style), pair)
        }
        if let cursor {
            curs_set(1)
            wmove(window, Int32(cursor.y), Int32(cursor.x))
        } else {
            curs_set(0)
        }
        wnoutrefresh(window)
        doupdate()
    }

    public func invalidate() {
        guard isOpen, let window else { return }
        clearok(window, true)
    }

    /// Waits with `poll` on the input, the wake-up pipe and the resize pipe. EINTR (a resize) simply returns;
    /// the resize pipe tells.
    public func waitForInput(timeout: Double?, wakeDescriptor: Int32) -> TerminalWait {
        var fds = [
            pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: resizeDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        let milliseconds = timeout.map { Int32(max(0, min($0 * 1000 + 1, Double(Int32.max)))) } ?? -1
        _ = poll(&fds, nfds_t(fds.count), milliseconds)
        // The terminal hung up (its window closed, its tmux server died): nobody can see or type any more.
        return fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 ? .hungUp : .ready
    }

    /// Reads everything waiting on the input (never blocks) and decodes it.
    public func readEvents() -> [InputEvent] {
        guard isOpen, let window else { return [] }
        var batch: [RawInput] = []
        var events: [InputEvent] = []
        if ResizeSignal.consume(),
            let newSize = ResizeSignal.windowSize(of: outputFile.map { fileno($0) } ?? STDOUT_FILENO)
        {
            resizeterm(Int32(newSize.height), Int32(newSize.width))
            events.append(.resize(size))
        }
        func flush() {
            events.append(contentsOf: decoder.decode(batch).map(InputEvent.key))
            batch.removeAll()
        }
        while true {
            var value: wint_t = 0
            let status = wget_wch(window, &value)
            if status == baton_err() { break }
            if status == baton_key_code_yes() {
                let code = Int32(value)
                if code == KEY_RESIZE {
                    flush()
                    events.append(.resize(size))
                } else if code == KEY_MOUSE {
                    flush()
                    if let mouse = readMouse() { events.append(.mouse(mouse)) }
                } else {
                    batch.append(.keyCode(code))
                }
            } else {
                batch.append(.character(UInt32(value)))
            }
        }
        flush()
        return events
    }

    private func readMouse() -> MouseEvent? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        let state = event.bstate
        let position = Point(x: Int(event.x), y: Int(event.y))
        if state & baton_button4_pressed() != 0 {
            return MouseEvent(kind: .wheelUp, position: position)
        }
        if state & baton_button5_pressed() != 0 {
            return MouseEvent(kind: .wheelDown, position: position)
        }
        if state & baton_button1_pressed() != 0 { return MouseEvent(kind: .press, position: position) }
        if state & baton_button1_released() != 0 {
            return MouseEvent(kind: .release, position: position)
        }
        if state & baton_button1_clicked() != 0 { return MouseEvent(kind: .click, position: position) }
        if state & baton_report_mouse_position() != 0 {
            return MouseEvent(kind: .drag, position: position)
        }
        return nil
    }

    /// Leaves curses mode and restores the terminal. Safe to call twice.
    /// Leaves curses mode (the shell's screen and modes come back) and stops the process until the shell
    /// continues it (`fg`), then takes the screen again. Only when a job-control shell started us in a job
    /// of our own that has the terminal; otherwise (`sh -c`, no job control) nobody could continue us, so
    /// it returns false and does nothing.
    @discardableResult
    public func suspend() -> Bool {
        guard isOpen else { return false }
        let group = getpgrp()
        guard group != getsid(0), tcgetpgrp(inputDescriptor) == group else { return false }
        endwin()
        if let outputFile { fflush(outputFile) }
        // SIGSTOP, not SIGTSTP: ncurses turns SIGTSTP off while out of curses mode, and its own handler
        // would run on another thread. Raised on this thread, so it stops here before drawing again; the
        // shell reports the job stopped, as for Ctrl-Z anywhere.
        raise(SIGSTOP)
        // Continued: curses restores its modes on the next refresh; the caller redraws everything.
        if let window { clearok(window, true) }
        doupdate()
        return true
    }

    /// Writes control bytes beside the frames (a bell, a window title, a desktop notification), flushed
    /// at once; the caller makes sure nothing from outside reaches it raw (issue 16).
    public func writeControl(_ bytes: String) {
        guard isOpen, let outputFile else { return }
        fputs(bytes, outputFile)
        fflush(outputFile)
    }

    public func shutdown() {
        guard isOpen else { return }
        isOpen = false
        curs_set(1)
        endwin()
        if let screen { delscreen(screen) }
        screen = nil
        window = nil
        if let outputFile { fflush(outputFile) }
    }

    private func attributes(for style: Style) -> attr_t {
        var result = baton_a_normal()
        let a = style.attributes
        if a.contains(.bold) { result |= baton_a_bold() }
        if a.contains(.dim) { result |= baton_a_dim() }
        if a.contains(.italic) { result |= baton_a_italic() }
        if a.contains(.underline) { result |= baton_a_underline() }
        if a.contains(.reverse) { result |= baton_a_reverse() }
        if colorSupport == .ansi8, case .indexed(let i) = style.foreground, (8...15).contains(i) {
            result |= baton_a_bold()
        }
        return result
    }

    private func pairNumber(for style: Style) -> Int16 {
        guard colorSupport != .none else { return 0 }
        let fg = colorSupport.resolve(style.foreground) ?? -1
        let bg = colorSupport.resolve(style.background) ?? -1
        if fg == -1 && bg == -1 { return 0 }
        let key = PairKey(foreground: fg, background: bg)
        if let known = pairs[key] { return known }
        guard nextPair < min(baton_color_pairs(), Int32(Int16.max)) else { return 0 }
        let number = Int16(nextPair)
        nextPair += 1
        init_pair(number, fg, bg)
        pairs[key] = number
        return number
    }
}

/// Why the terminal could not be opened.
public enum TerminalError: Error, CustomStringConvertible {
    case notATerminal
    case cannotOpen(String)
    case unknownTerminal(String)
    case outputNotATerminal
    case tooLimited(String)

    public var description: String {
        switch self {
        case .notATerminal:
            "standard input is not a terminal; run baton in a terminal (or use a subcommand)"
        case .cannotOpen(let type): "cannot open the terminal (\(type))"
        case .unknownTerminal(let type):
            "unknown terminal type '\(type)'; set TERM (e.g. TERM=xterm-256color)"
        case .outputNotATerminal:
            "standard output is not a terminal; run baton in a terminal (or use a subcommand such as 'baton dump')"
        case .tooLimited(let type):
            "the terminal type '\(type)' cannot place the cursor; set TERM (e.g. TERM=xterm-256color)"
        }
    }
}
