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
