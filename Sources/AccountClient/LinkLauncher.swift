import BatonEnvironment
import Foundation

/// Starts and finds `baton-link run`, this machine's link to its account's server: the daemon starts it when it
/// starts (and `baton account create|join` when they link the machine); one runs per machine, under a lock whose
/// file holds its pid. Nothing here links PostgreSQL's client: the link is a program of its own.
public enum LinkLauncher {
    /// The link's program, a helper (`ResourceLocator.helper`).
    public static var executable: URL {
        ResourceLocator.helper("baton-link")
    }

    static func linkFile(_ paths: BatonPaths) -> URL { paths.linkRecord }

    static func lockFile(_ paths: BatonPaths) -> URL { paths.linkLock }

    /// Starts the link when this machine is linked and no link runs; returns why not otherwise.
    @discardableResult
    public static func start(paths: BatonPaths) -> String? {
        guard FileManager.default.fileExists(atPath: linkFile(paths).path) else { return "not linked" }
        return PidLock.spawnUnlessHeld(lockFile(paths), executable: executable, arguments: ["run"])
    }

    /// Stops a running link and waits until it has ended (`leave`: what it sent is then all in its cursor).
    public static func stopAndWait(paths: BatonPaths) async throws {
        try await PidLock.terminateHolderAndWait(of: lockFile(paths))
    }

    /// The pid of the running link, if one holds the lock.
    public static func runningPID(paths: BatonPaths) -> pid_t? { PidLock.holder(of: lockFile(paths)) }

    /// Whether this machine's daemon runs (it holds its instance lock, `BatonPaths.daemonLock`, for its life):
    /// the link waits for it before it starts and ends once it is gone.
    public static func daemonIsRunning(paths: BatonPaths) -> Bool {
        let descriptor = open(paths.daemonLock.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_SH | LOCK_NB) == 0 else { return errno == EWOULDBLOCK }
        flock(descriptor, LOCK_UN)
        return false
    }

    /// The pid of this machine's running daemon (written in its instance lock), if one runs and has written it.
    public static func daemonPID(paths: BatonPaths) -> pid_t? { PidLock.holder(of: paths.daemonLock) }

    /// Takes the link's lock for the life of this process and writes its pid there; false when another link holds it.
    public static func holdLock(paths: BatonPaths) -> Bool { PidLock.hold(lockFile(paths)) }
}
