import Foundation

/// SIGWINCH, turned into a readable pipe so the event loop's `poll` wakes on every resize, even
/// one that arrives while the loop is busy (ncurses' own handler only sets a flag).
enum ResizeSignal {
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    nonisolated(unsafe) private static var readEnd: Int32 = -1

    /// Installs the handler once and returns the descriptor to poll.
    static func install() -> Int32 {
        if readEnd >= 0 { return readEnd }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return -1 }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readEnd = fds[0]
        writeEnd = fds[1]
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            var byte: UInt8 = 1
            _ = write(ResizeSignal.writeEnd, &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGWINCH, &action, nil)
        return readEnd
    }

    /// Empties the pipe; returns whether a resize was signalled.
    static func consume() -> Bool {
        guard readEnd >= 0 else { return false }
        var sink = [UInt8](repeating: 0, count: 64)
        var signalled = false
        while read(readEnd, &sink, sink.count) > 0 { signalled = true }
        return signalled
    }

    /// The terminal's size from the kernel, or nil when it cannot tell.
    static func windowSize(of fd: Int32) -> Size? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return nil
        }
        return Size(width: Int(size.ws_col), height: Int(size.ws_row))
    }
}
