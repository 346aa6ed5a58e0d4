import BatonEnvironment
import Foundation

/// The single-instance guard: an exclusive `flock` on `BatonPaths.daemonLock`, holding the daemon's pid.
///
/// The kernel drops the lock when the process dies, so a crashed daemon never blocks the next one.
final class InstanceLock {
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// Takes the lock, or returns nil when another live daemon holds it.
    /// The lock file is opened without following a symbolic link and must be the user's (`StrictModes`).
    static func acquire(at url: URL) throws -> InstanceLock? {
        let descriptor = try StrictModes.open(url, flags: O_RDWR | O_CREAT)
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(descriptor)
            if code == EWOULDBLOCK { return nil }
            throw DaemonError.system("lock \(url.path)", code)
        }
        let pid = "\(getpid())\n"
        _ = ftruncate(descriptor, 0)
        _ = pid.withCString { pwrite(descriptor, $0, strlen($0), 0) }
        return InstanceLock(descriptor: descriptor)
    }

    /// `acquire`, and with `waitIfActivated` (the service manager passed the socket) waits up to 10 s for a daemon
    /// started on demand to let go: it stops by itself once the service manager's socket replaced its own
    /// (`SocketWatch`), and the connection that started this one waits in the passed socket's backlog meanwhile.
    static func acquire(at url: URL, waitIfActivated: Bool) throws -> InstanceLock? {
        let deadline = ContinuousClock.now + .seconds(waitIfActivated ? 10 : 0)
        while true {
            if let lock = try acquire(at: url) { return lock }
            guard ContinuousClock.now < deadline else { return nil }
            usleep(100_000)
        }
    }

    /// The pid written in the lock file by the daemon that holds (or held) it.
    static func recordedPID(at url: URL) -> Int32? {
        guard let descriptor = try? StrictModes.open(url, flags: O_RDONLY) else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = read(descriptor, &bytes, bytes.count)
        guard count > 0 else { return nil }
        return Int32(String(decoding: bytes[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Whether a live daemon holds the lock at `url` (a shared lock cannot be taken while it does).
    static func isHeld(at url: URL) -> Bool {
        guard let descriptor = try? StrictModes.open(url, flags: O_RDONLY) else { return false }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_SH | LOCK_NB) == 0 else { return errno == EWOULDBLOCK }
        flock(descriptor, LOCK_UN)
        return false
    }

    /// Releases the lock.
    func release() {
        _ = ftruncate(descriptor, 0)
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
