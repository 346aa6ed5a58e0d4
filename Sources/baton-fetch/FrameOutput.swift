import BatonEnvironment
import PageLoading

#if canImport(Glibc)
    import Glibc
#endif

/// Writes reply frames to a descriptor (stdout), unbuffered. When a frame cannot be written the
/// parent is gone or broken, and the process exits at once.
struct FrameOutput: Sendable {
    /// Exit status when a frame cannot be encoded or written.
    static let failedStatus: Int32 = 3

    var descriptor: Int32 = STDOUT_FILENO

    func send(_ frame: FetchFrame) {
        guard let bytes = try? frame.encoded(), DescriptorWrite.all(bytes, to: descriptor) else {
            _exit(Self.failedStatus)
        }
    }

    /// Sends `frame` only when the pipe has room for it now (a progress report, which the next one makes
    /// stale): a parent that reads slowly must not stall the download, nor make it pile up in memory.
    func sendIfRoom(_ frame: FetchFrame) {
        var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        guard poll(&entry, 1, 0) > 0, entry.revents & Int16(POLLOUT) != 0 else { return }
        send(frame)
    }
}
