import Foundation

/// The processes a faulty extension leaves behind (`forkGreedy`, `forkStop`, `forkReply`): started from the
/// extension's own executable, their pids and the extension's appended to `faulty-pids` in the app group so
/// tests can check that none survives.
enum Grandchild {
    /// Starts `self --hoard FILE` (`mode` "--hoard") or a small `sleep` (else, so that the group stays
    /// within the memory budget) and records both pids; returns the grandchild's pid (0 when it could not
    /// start).
    @discardableResult static func start(_ mode: String, appGroup: URL) -> pid_t {
        let file = appGroup.appendingPathComponent("faulty-pids").path
        let executable = mode == "--hoard" ? CommandLine.arguments[0] : "/bin/sleep"
        var pid: pid_t = 0
        let arguments = mode == "--hoard" ? [mode, file] : ["100000"]
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        guard posix_spawn(&pid, executable, nil, nil, argv, environ) == 0 else { return 0 }
        let line = "\(getpid())\n\(pid)\n"
        let fd = open(file, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        if fd >= 0 {
            _ = Array(line.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        return pid
    }

    /// Touches memory up to 1 GiB, 16 MB at a time, once `record` lists this process (so that a kill for
    /// memory never comes before the pids are written down, however slow the machine), then sleeps.
    static func hoard(record: String) -> Never {
        let me = String(getpid())
        for _ in 0..<4500 {
            let text = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
            if text.split(separator: "\n").contains(Substring(me)) { break }
            usleep(10_000)
        }
        let chunk = 16 << 20
        for _ in 0..<64 {
            guard let memory = malloc(chunk) else { break }
            memset(memory, 1, chunk)
            usleep(20_000)
        }
        sleepForever()
    }

    static func sleepForever() -> Never {
        while true { sleep(60) }
    }
}
