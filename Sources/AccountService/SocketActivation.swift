import BatonEnvironment
import Foundation

/// The listening socket a service manager passes (systemd's `baton.socket`), with sd_listen_fds(3)'s rules:
/// `LISTEN_PID` must be this process and `LISTEN_FDS` counts descriptors from 3. The variables are removed once
/// read, so nothing the daemon starts (the link, the notification server, extensions) takes them for its own.
///
/// A passed socket is trusted no more than one the daemon binds: it must be a listening `AF_UNIX` stream socket
/// bound to exactly the daemon's socket path, and that path must be a socket of this user's that no one else can
/// connect to (mode 0600 or stricter, like `SocketMode=0600`). Peer credentials are checked per connection as
/// always (`ConnectionHandler`).
enum SocketActivation {
    /// The first passed descriptor (`SD_LISTEN_FDS_START`).
    static let firstDescriptor: CInt = 3

    /// The passed listening socket for `path`, nil when none was passed to this process (no `LISTEN_FDS`, or a
    /// `LISTEN_PID` of another process: then the daemon binds its own, as when started on demand).
    static func take(path: String) throws(DaemonError) -> CInt? {
        let environment = ProcessInfo.processInfo.environment
        defer { for name in ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"] { unsetenv(name) } }
        guard let count = environment["LISTEN_FDS"] else { return nil }
        guard let pid = environment["LISTEN_PID"].flatMap(Int32.init), pid == getpid() else { return nil }
        guard count == "1" else {
            throw .activation("expected one socket from the service manager, got LISTEN_FDS=\(count)")
        }
        let descriptor = firstDescriptor
        try check(descriptor, path: path)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        return descriptor
    }

    /// Refuses anything but a listening Unix stream socket bound to `path`, a socket file of this user's, 0600.
    static func check(_ descriptor: CInt, path: String) throws(DaemonError) {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK else {
            throw .activation("descriptor \(descriptor) from the service manager is not a socket")
        }
        guard option(descriptor, SO_DOMAIN) == AF_UNIX, option(descriptor, SO_TYPE) == Int32(SOCK_STREAM.rawValue),
            option(descriptor, SO_ACCEPTCONN) == 1
        else {
            throw .activation("the socket from the service manager is not a listening Unix stream socket")
        }
        let bound = boundPath(descriptor)
        guard bound == path else {
            throw .activation("the socket from the service manager is bound to \(bound ?? "no path"), not \(path)")
        }
        var file = stat()
        guard lstat(path, &file) == 0, file.st_mode & S_IFMT == S_IFSOCK else {
            throw .activation("\(path) is not the service manager's socket")
        }
        guard file.st_uid == getuid(), file.st_mode & 0o077 == 0 else {
            throw .activation(
                "\(path) must be this user's socket, mode 0600 (SocketMode=0600 in baton.socket), "
                    + "not mode \(String(file.st_mode & 0o777, radix: 8)) of uid \(file.st_uid)")
        }
    }

    private static func option(_ descriptor: CInt, _ name: Int32) -> Int32? {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, name, &value, &length) == 0 else { return nil }
        return value
    }

    private static func boundPath(_ descriptor: CInt) -> String? {
        var address = sockaddr_un()
        var length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let status = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard status == 0, address.sun_family == sa_family_t(AF_UNIX) else { return nil }
        return withUnsafeBytes(of: address.sun_path) { raw in
            let bytes = raw.prefix(while: { $0 != 0 })
            return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
        }
    }
}
