import Glibc

/// Signal state for the processes Baton starts and for Baton itself, whatever the parent left behind.
///
/// Test runners and dispatch threads block or ignore signals, and a spawned child inherits both; a
/// tmux server, a suite or a daemon started that way would never hear SIGHUP, SIGTERM or SIGCHLD.
public enum CleanSignals {
    /// The signals a child starts with at their default action and unblocked.
    public static let handled: [Int32] = [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGCHLD, SIGWINCH, SIGALRM]

    /// Runs `body` with posix_spawn attributes that reset `handled` to default actions and clear the
    /// signal mask; `flags` adds more attribute flags (such as `POSIX_SPAWN_SETSID`).
    public static func withSpawnAttributes<T>(flags: Int32 = 0, _ body: (inout posix_spawnattr_t) throws -> T) rethrows
        -> T
    {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in handled { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | flags))
        return try body(&attributes)
    }

    /// Unblocks the signals Baton handles on the calling thread (a parent may have blocked them).
    public static func unblockOnThisThread() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in handled where signal != SIGPIPE { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}
