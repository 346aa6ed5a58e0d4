import BatonEnvironment
import Foundation

/// Starts `baton daemon run` detached from the caller: its own session, stdio on /dev/null.
public enum DaemonSpawner {
    /// The executable that serves `daemon run`: `BATON_DAEMON_EXECUTABLE`, else `baton` (`ResourceLocator.batonExecutable`).
    public static func defaultExecutable(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let explicit = environment["BATON_DAEMON_EXECUTABLE"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        return ResourceLocator.batonExecutable()
    }

    /// glibc's `POSIX_SPAWN_SETSID` (hidden from Swift without `_GNU_SOURCE`): start a new session.
    private static let spawnSetSID: Int16 = 0x80

    /// Spawns the daemon (or, with `arguments`, another detached helper such as `baton-link run`) in `/`, with
    /// this process's environment as `DetachedEnvironment` filters it plus `environment`, and reaps it in the
    /// background when it exits (then calls `onExit` with its wait status); returns its pid. With `errorOutput`, the daemon's standard error goes to
    /// that descriptor (the daemon writes there why it could not start, and closes it once it serves).
    @discardableResult
    public static func spawn(
        executable: URL, arguments: [String] = ["daemon", "run"], environment: [String: String] = [:],
        errorOutput: Int32? = nil, onExit: (@Sendable (_ waitStatus: Int32) -> Void)? = nil
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            if descriptor == STDERR_FILENO, let errorOutput {
                posix_spawn_file_actions_adddup2(&actions, errorOutput, descriptor)
            } else {
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_RDWR, 0)
            }
        }
        // The daemon outlives this process: it must keep none of its pipes, sockets or terminal (a parent waiting
        // for EOF, or for its child's termination socket, would wait forever), close-on-exec or not.
        SpawnActions.closeEverythingAboveStandardError(&actions)

        let argv = CStringArray([executable.path] + arguments)
        // The caller's terminal stays behind: its working directory (a mount the user may unmount) and all
        // but the variables the daemon reads (`DetachedEnvironment`).
        SpawnActions.changeDirectory(&actions, to: "/")
        let envp = CStringArray(
            environment: DetachedEnvironment.filter(ProcessInfo.processInfo.environment).merging(environment) {
                _, new in new
            })
        var pid: pid_t = 0
        // A new session, default signal actions and nothing blocked, whatever this process inherited.
        let status = CleanSignals.withSpawnAttributes(flags: Int32(Self.spawnSetSID)) { attributes in
            posix_spawn(&pid, executable.path, &actions, &attributes, argv.pointers, envp.pointers)
        }
        guard status == 0 else { throw SpawnError(executable: executable.path, code: status) }
        let child = pid
        Thread.detachNewThread {
            var exitStatus: Int32 = 0
            _ = waitpid(child, &exitStatus, 0)
            onExit?(exitStatus)
        }
        return pid
    }
}

/// The daemon could not be started.
public struct SpawnError: Error, CustomStringConvertible {
    public var executable: String
    public var code: Int32
    public var description: String {
        "cannot start the Baton daemon (\(executable) daemon run): \(String(cString: strerror(code)))"
    }
}
