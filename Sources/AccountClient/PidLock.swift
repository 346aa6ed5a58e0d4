import BatonEnvironment
import Foundation

/// A lock file held (`flock`) for the life of a helper process, with the holder's pid written in it: one
/// `baton-link run` and one `baton-notification-server` per machine.
public enum PidLock {
    /// The pid of the process holding `file`, if one does.
    public static func holder(of file: URL) -> pid_t? { LockHolder.pid(of: file) }

    /// Takes `file`'s lock for the life of this process and writes its pid there; false when another holds it.
    public static func hold(_ file: URL) -> Bool {
        let descriptor = open(file.path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return false
        }
        ftruncate(descriptor, 0)
        _ = DescriptorWrite.all(Array("\(getpid())\n".utf8), to: descriptor)
        return true  // The descriptor stays open: the lock lasts as long as the process.
    }

    /// Spawns `executable` detached (`DaemonSpawner`) unless a process holds `file`; returns why not otherwise.
    public static func spawnUnlessHeld(_ file: URL, executable: URL, arguments: [String]) -> String? {
        guard holder(of: file) == nil else { return "already running" }
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            return "\(executable.path) is missing"
        }
        do {
            try DaemonSpawner.spawn(executable: executable, arguments: arguments)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Sends SIGTERM to the process holding `file`, if one does.
    public static func terminateHolder(of file: URL) {
        guard let pid = holder(of: file) else { return }
        kill(pid, SIGTERM)
    }

    /// Sends SIGTERM to the process holding `file` and waits (up to 20 s, a hang guard) until it has let the lock
    /// go (another, started by the daemon's supervision meanwhile, may hold it by then).
    public static func terminateHolderAndWait(of file: URL) async throws {
        guard let pid = holder(of: file) else { return }
        kill(pid, SIGTERM)
        for _ in 0..<1_000 where holder(of: file) == pid { try await Task.sleep(for: .milliseconds(20)) }
    }
}
