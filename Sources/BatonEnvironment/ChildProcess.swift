import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A helper process Baton starts (a widget extension, the `baton-fetch` network process): spawned with
/// `posix_spawn`, its stdin and stdout on pipes, its stderr appended to a log file or discarded.
///
/// Not thread-safe: one thread drives it from spawn to `reap`. A process dropped before `reap` is
/// killed and reaped in `deinit`, so none is ever left a zombie.
public final class ChildProcess {
    /// Why a child could not be started: the executable and the `errno` of the failed call.
    public struct SpawnError: Error, Equatable, Sendable, CustomStringConvertible {
        /// The executable that was to be started.
        public var executable: String
        /// The `errno` of the failed `pipe2` or `posix_spawn`.
        public var code: Int32

        public init(executable: String, code: Int32) {
            self.executable = executable
            self.code = code
        }

        public var description: String { "cannot start \(executable): \(String(cString: strerror(code)))" }
    }

    /// The child's process id (for a contained child, its supervisor's, which is also its group's id).
    public let pid: pid_t
    /// Whether the child leads a process group of its own (`ProcessBox`): kills and memory cover the group.
    public let contained: Bool
    private var toChild: Int32
    private let fromChild: Int32
    private var reaped = false
    /// The last group memory sample and when it was taken: scanning /proc is done at most every 20 ms.
    private var groupSample: (at: ContinuousClock.Instant, kilobytes: Int?)?

    private init(pid: pid_t, contained: Bool, toChild: Int32, fromChild: Int32) {
        self.pid = pid
        self.contained = contained
        self.toChild = toChild
        self.fromChild = fromChild
        if contained { GroupRecord.shared.add(pid) }
    }

    deinit {
        if !reaped {
            kill()
            _ = reap(grace: .zero)
        }
        closeInput()
        close(fromChild)
    }

    /// Held from making a child's pipes until it has its ends: pipes are made close-on-exec in two steps
    /// (glibc's `pipe2` is hidden from Swift without `_GNU_SOURCE`), and a child another thread spawned
    /// in between would inherit them and hold them open.
    private static let spawnLock = Mutex(())

    /// Starts `executable` with `arguments` (not counting `argv[0]`, which is the executable) and this
    /// process's environment; its stderr is appended to `errorLog` (else /dev/null). With `supervisor` (the
    /// path of `baton-box`), the child runs under it as the leader of a new process group (`ProcessBox`).
    public static func spawn(
        executable: String, arguments: [String] = [], errorLog: String?, supervisor: String? = nil
    ) throws(SpawnError) -> ChildProcess {
        let argv = CStringArray(
            supervisor.map { [$0, "\(getpid())", executable] + arguments } ?? [executable] + arguments)
        let program = supervisor ?? executable
        return try spawnLock.withLock { _ throws(SpawnError) in
            var input: [Int32] = [-1, -1]
            var output: [Int32] = [-1, -1]
            guard makePipe(&input) else { throw SpawnError(executable: executable, code: errno) }
            guard makePipe(&output) else {
                let code = errno
                close(input[0])
                close(input[1])
                throw SpawnError(executable: executable, code: code)
            }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, input[0], STDIN_FILENO)
            posix_spawn_file_actions_adddup2(&actions, output[1], STDOUT_FILENO)
            posix_spawn_file_actions_addopen(
                &actions, STDERR_FILENO, errorLog ?? "/dev/null", O_WRONLY | O_APPEND | O_CREAT, 0o600)
            // Exactly 0, 1 and 2: nothing else of the host (its terminal, the daemon's connections).
            SpawnActions.closeEverythingAboveStandardError(&actions)
            var pid: pid_t = 0
            // Baton ignores SIGPIPE; the child starts with default dispositions and no blocked signals.
            let flags = supervisor == nil ? 0 : Int32(POSIX_SPAWN_SETPGROUP)
            let status = CleanSignals.withSpawnAttributes(flags: flags) { attributes in
                posix_spawnattr_setpgroup(&attributes, 0)
                return posix_spawn(&pid, program, &actions, &attributes, argv.pointers, environ)
            }
            close(input[0])
            close(output[1])
            guard status == 0 else {
                close(input[1])
                close(output[0])
                throw SpawnError(executable: executable, code: status)
            }
            return ChildProcess(pid: pid, contained: supervisor != nil, toChild: input[1], fromChild: output[0])
        }
    }

    /// A pipe whose ends close on exec (the child gets only the ends `dup2` puts on 0 and 1).
    private static func makePipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// Writes all of `bytes` to the child's stdin; false when the child is gone.
    public func write(_ bytes: [UInt8]) -> Bool { DescriptorWrite.all(bytes, to: toChild) }

    /// Closes the child's stdin, its signal that the parent is gone.
    public func closeInput() {
        guard toChild >= 0 else { return }
        close(toChild)
        toChild = -1
    }

    /// What one wait for output produced.
    public enum ReadResult {
        case bytes(ArraySlice<UInt8>)
        case nothingYet
        case endOfFile
    }

    /// Waits up to `timeout` for output from the child.
    public func read(timeout: Duration) -> ReadResult {
        var descriptor = pollfd(fd: fromChild, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(max(0, min(timeout.milliseconds, 60_000)))
        let ready = poll(&descriptor, 1, milliseconds)
        guard ready > 0 else { return .nothingYet }
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        let count = Glibc.read(fromChild, &buffer, buffer.count)
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return .nothingYet }
        guard count > 0 else { return .endOfFile }
        return .bytes(buffer[0..<count])
    }

    /// Ends the child at once (a contained child with its whole group).
    public func kill() {
        guard !reaped else { return }
        Glibc.kill(contained ? -pid : pid, SIGKILL)
    }

    /// The child's peak resident size in KB (`VmHWM`); for a contained child, the sum over its group.
    public func peakResidentKB() -> Int? {
        guard contained else { return ProcessMemory.peakResidentKB(of: pid) }
        let now = ContinuousClock.now
        if let groupSample, now - groupSample.at < .milliseconds(20) { return groupSample.kilobytes }
        let kilobytes = ProcessBox.groupPeakResidentKB(pid)
        groupSample = (now, kilobytes)
        return kilobytes
    }

    /// How the child ended and the most memory it used.
    public struct Exit: Equatable, Sendable {
        /// The exit status, or nil when a signal ended it.
        public var status: Int32?
        /// The signal that ended it, if any.
        public var signal: Int32?
        /// `ru_maxrss` from `wait4`, in KB: the child's peak or, after posix_spawn's vfork, the
        /// spawning process's own peak, whichever is larger (Linux keeps the larger across exec).
        public var maxRSSKB: Int

        /// True when the child exited with status 0.
        public var isSuccess: Bool { status == 0 }
    }

    /// Waits for the child to exit, killing it when it is still running after `grace`; a contained child's
    /// group is killed and reaped after it, so nothing it forked outlives it.
    public func reap(grace: Duration) -> Exit {
        let exit = reapChild(grace: grace)
        if contained { ProcessBox.killGroup(pid) }
        return exit
    }

    private func reapChild(grace: Duration) -> Exit {
        let deadline = ContinuousClock.now + grace
        var status: Int32 = 0
        var usage = rusage()
        while true {
            let result = wait4(pid, &status, WNOHANG, &usage)
            if result == pid { break }
            if result < 0 && errno != EINTR {
                reaped = true
                return Exit(status: nil, signal: nil, maxRSSKB: 0)
            }
            if result == 0 {
                if ContinuousClock.now >= deadline {
                    Glibc.kill(contained ? -pid : pid, SIGKILL)
                    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
                    break
                }
                usleep(1000)
            }
        }
        reaped = true
        let signalled = status & 0x7f
        if signalled == 0 {
            return Exit(status: (status >> 8) & 0xff, signal: nil, maxRSSKB: Int(usage.ru_maxrss))
        }
        return Exit(status: nil, signal: signalled, maxRSSKB: Int(usage.ru_maxrss))
    }
}
