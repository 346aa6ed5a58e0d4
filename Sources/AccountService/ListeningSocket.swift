import Foundation

/// The daemon's listening Unix socket, made here rather than by NIO so the daemon knows its descriptor
/// (`AcceptGate` accepts on it through the reserve descriptor while NIO's reading is paused).
enum ListeningSocket {
    /// Why the socket could not be made.
    struct Failure: Error, CustomStringConvertible {
        var step: String
        var path: String
        var code: Int32
        var description: String { "cannot \(step) the socket \(path): \(String(cString: strerror(code)))" }
    }

    /// A non-blocking, close-on-exec stream socket bound to `path` and listening with `backlog`.
    static func bind(path: String, backlog: Int32 = 128) throws(Failure) -> CInt {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { throw Failure(step: "bind", path: path, code: ENAMETOOLONG) }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(step: "create", path: path, code: errno) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else {
            let code = errno
            close(fd)
            throw Failure(step: "bind", path: path, code: code)
        }
        guard listen(fd, backlog) == 0 else {
            let code = errno
            close(fd)
            throw Failure(step: "listen on", path: path, code: code)
        }
        return fd
    }
}
