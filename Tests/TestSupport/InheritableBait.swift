import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A connected socket pair opened without close-on-exec, as NIO's accepted sockets and epoll descriptors
/// and a suite's terminal are: what a host holds that none of its children may inherit. A child that held
/// `inheritable` and wrote to it (the faulty extensions' `descriptors` mode does) leaves bytes at `watched`.
public final class InheritableBait {
    /// The end a child would inherit.
    public let inheritable: Int32
    /// The end the test reads.
    public let watched: Int32

    public init() throws {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        inheritable = ends[0]
        watched = ends[1]
        _ = fcntl(watched, F_SETFD, FD_CLOEXEC)
        _ = fcntl(watched, F_SETFL, fcntl(watched, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        close(inheritable)
        close(watched)
    }

    /// Whether anything arrived at the watched end (a child wrote to the inheritable one).
    public var wasWritten: Bool {
        var byte: UInt8 = 0
        return read(watched, &byte, 1) > 0
    }
}
