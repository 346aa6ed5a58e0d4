import CProcessBox
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Extensions in a box: each runs under `baton-box` as the leader of its own process group, so one
/// `kill(-pgid, SIGKILL)` ends it and everything it forked (stopped or not), its memory is counted over
/// the group, and the supervisor kills the group when the host dies (`PR_SET_PDEATHSIG`). The host is a
/// child subreaper, so what an extension orphans is reparented to it and reaped here; a daemon records
/// its groups in a file and sweeps leftovers of a previous run at start.
public enum ProcessBox {
    /// The supervisor's file name, next to the host's executable.
    public static let supervisorName = "baton-box"

    /// The supervisor executable beside `directory`'s programs, or nil when it is not installed (then
    /// extensions still get their own group, but nothing kills them with their host).
    public static func supervisor(in directory: URL) -> String? {
        let path = directory.appendingPathComponent(supervisorName).path
        return access(path, X_OK) == 0 ? path : nil
    }

    /// Makes this process a child subreaper (see the type's comment); false when the kernel refuses.
    @discardableResult public static func becomeSubreaper() -> Bool { baton_become_subreaper() == 0 }

    /// Kills every process of group `pgid` and reaps those that are (or become) this process's children,
    /// until the group is empty or `limit` passes (a process stuck in the kernel cannot be waited out).
    public static func killGroup(_ pgid: pid_t, limit: Duration = .seconds(2)) {
        guard pgid > 1 else { return }
        let deadline = ContinuousClock.now + limit
        while kill(-pgid, SIGKILL) == 0 {
            var status: Int32 = 0
            while waitpid(-pgid, &status, WNOHANG) > 0 {}
            guard ContinuousClock.now < deadline else { break }
            usleep(1000)
        }
        GroupRecord.shared.remove(pgid)
    }

    /// The sum of the members' peak resident sizes (`VmHWM`) of group `pgid`, in KB; nil when it is empty.
    /// Members that show the same memory figures are counted once: a child between `vfork` and `exec`
    /// (posix_spawn) shares its parent's memory and reports it as its own. Pages a `fork` shares are counted
    /// in each process (an overestimate, never an under one).
    public static func groupPeakResidentKB(_ pgid: pid_t) -> Int? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return nil }
        var seen = Set<[Int]>()
        var total = 0
        for entry in entries {
            guard let pid = pid_t(entry), getpgid(pid) == pgid else { continue }
            guard let figures = ProcessMemory.figures(of: pid) else { continue }
            if seen.insert(figures).inserted { total += figures[0] }
        }
        return seen.isEmpty ? nil : total
    }

    /// Records the groups this process runs in `file`, and kills the groups a previous run recorded there
    /// whose leader is still a `baton-box` (a pid reused by something else is left alone).
    public static func sweepAndRecord(in file: URL) -> Int {
        var killed = 0
        if let text = try? String(contentsOf: file, encoding: .utf8) {
            for line in text.split(separator: "\n") {
                guard let pgid = pid_t(line), pgid > 1, isSupervisor(pgid) else { continue }
                killGroup(pgid)
                killed += 1
            }
        }
        GroupRecord.shared.start(file: file)
        return killed
    }

    /// Whether `pid` exists and is not a zombie (a zombie has ended; only its exit status waits to be read).
    public static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        let state = stat[stat.index(after: close)...].drop { $0 == " " }.first
        return state != "Z" && state != "X"
    }

    /// Whether `pid` runs the supervisor.
    static func isSupervisor(_ pid: pid_t) -> Bool {
        guard let name = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8) else { return false }
        return name.trimmingCharacters(in: .whitespacesAndNewlines) == supervisorName
    }
}
