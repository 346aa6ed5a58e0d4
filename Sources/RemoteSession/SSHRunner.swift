import BatonEnvironment
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the system's `ssh`: once to prepare the remote side (its output read back), then for the session itself,
/// which replaces this process so ssh owns the terminal, its signals and the exit status.
public enum SSHRunner {
    /// The program: `BATON_SSH` when set, else `ssh` on the `PATH`.
    public static func program(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        environment["BATON_SSH"].flatMap { $0.isEmpty ? nil : $0 } ?? "ssh"
    }

    /// Runs `program arguments` with standard input on /dev/null and standard error shared (ssh's own messages
    /// reach the user), and returns its exit status and standard output.
    public static func capture(_ program: String, _ arguments: [String]) throws(SSHRunError) -> (
        status: Int32, output: String
    ) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw SSHRunError(program: program, code: errno) }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO)
        posix_spawn_file_actions_addclose(&actions, ends[1])
        let argv = CStringArray([program] + arguments)
        let envp = CStringArray(environment: ProcessInfo.processInfo.environment)
        var pid: pid_t = 0
        let status = CleanSignals.withSpawnAttributes { attributes in
            posix_spawnp(&pid, program, &actions, &attributes, argv.pointers, envp.pointers)
        }
        close(ends[1])
        guard status == 0 else {
            close(ends[0])
            throw SSHRunError(program: program, code: status)
        }
        var output = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(ends[0], &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            output += buffer[0..<count]
        }
        close(ends[0])
        var exitStatus: Int32 = 0
        while waitpid(pid, &exitStatus, 0) < 0 && errno == EINTR {}
        let code = exitStatus & 0x7f == 0 ? (exitStatus >> 8) & 0xff : 128 + (exitStatus & 0x7f)
        return (code, String(decoding: output, as: UTF8.self))
    }

    /// Replaces this process with `program arguments` (signals at their defaults, none blocked); returns only
    /// when that fails.
    public static func exec(_ program: String, _ arguments: [String]) -> SSHRunError {
        SSHRunError(program: program, code: ProcessReplacement.exec(program, arguments))
    }
}

/// `ssh` could not be run at all.
public struct SSHRunError: Error, Equatable, Sendable, CustomStringConvertible {
    public var program: String
    public var code: Int32
    public var description: String {
        code == ENOENT
            ? "cannot run \(program): not found (install OpenSSH's client: apt-get install openssh-client)"
            : "cannot run \(program): \(String(cString: strerror(code)))"
    }
}
