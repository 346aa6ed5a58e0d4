import Foundation

/// What tests read of a daemon process.
enum DaemonProcessProbe {
    /// Resident memory of `pid` in bytes (`VmRSS`), or nil when it is gone.
    static func residentBytes(_ pid: Int32) -> Int? { statusBytes(pid, "VmRSS:") }

    /// The most resident memory `pid` ever had, in bytes (`VmHWM`), or nil when it is gone.
    static func peakResidentBytes(_ pid: Int32) -> Int? { statusBytes(pid, "VmHWM:") }

    private static func statusBytes(_ pid: Int32, _ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) })
        else { return nil }
        let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first
        return kilobytes.map { $0 * 1024 }
    }

    /// Whether process `pid` still runs.
    static func isAlive(_ pid: Int32) -> Bool { kill(pid, 0) == 0 }
}

extension DaemonProcessProbe {
    /// CPU time `pid` used so far (user + system), in clock ticks (`/proc/PID/stat`), or nil when it is gone.
    static func cpuTicks(_ pid: Int32) -> Int? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // Fields after the command name: state is field 3; utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }
}
