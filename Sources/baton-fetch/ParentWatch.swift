import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Ends the process when its parent goes: the parent holds the write end of the stdin pipe and never
/// writes, so end of file on stdin means it closed it or exited.
enum ParentWatch {
    /// Starts watching when stdin is a pipe (run by hand from a terminal, nothing is watched).
    static func start() {
        var status = stat()
        guard fstat(STDIN_FILENO, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return }
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while true {
                let count = read(STDIN_FILENO, &byte, 1)
                if count > 0 || count < 0 && errno == EINTR { continue }
                _exit(0)
            }
        }
    }
}
