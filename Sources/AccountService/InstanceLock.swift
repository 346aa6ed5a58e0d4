import Foundation

/// The single-instance guard: an exclusive `flock` on `BatonPaths.daemonLock`, holding the daemon's pid.
///
/// The kernel drops the lock when the process dies, so a crashed daemon never blocks the next one.
final class InstanceLock {
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// Takes the lock, or returns nil when another live daemon holds it.
    static func acquire(at url: URL) throws -> InstanceLock? {
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw DaemonError.system("open \(url.path)", errno) }
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

    /// The pid written in the lock file by the daemon that holds (or held) it.
    static func recordedPID(at url: URL) -> Int32? {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Releases the lock.
    func release() {
        _ = ftruncate(descriptor, 0)
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
