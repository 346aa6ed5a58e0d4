import Foundation
import LocalPostgres

/// What the load run reads about the server and the machine: the server's client connections, committed
/// transactions and key-value changes (as its administrator sees them), and CPU time of the server's processes,
/// of the bench's machines (the daemons and links whose BATON_HOME is under `homes`), of this process, and of the
/// whole machine (from /proc).
struct ServerGauges {
    let cluster: ThrowawayPostgres
    let homes: String

    /// One reading.
    struct Reading {
        var connections: Int
        var commits: Int
        var changes: Int
        var serverCPUTicks: Int
        /// Ticks of the bench's machines' daemons (`baton`) and links (`baton-link`), and of this process.
        var daemonTicks: Int
        var linkTicks: Int
        var benchTicks: Int
        var machineBusyTicks: Int
        var machineTotalTicks: Int
        var at: ContinuousClock.Instant
    }

    func read() throws -> Reading {
        let row = try cluster.psql(
            database: "baton",
            """
            SELECT (SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend'),
                   (SELECT xact_commit FROM pg_stat_database WHERE datname = 'baton'),
                   (SELECT coalesce(sum(last_change), 0) FROM baton.accounts)
            """
        ).trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "|").map { Int($0) ?? 0 }
        let machine = Self.machineTicks()
        return Reading(
            connections: row.first ?? 0, commits: row.count > 1 ? row[1] : 0, changes: row.count > 2 ? row[2] : 0,
            serverCPUTicks: serverTicks(), daemonTicks: ticks(of: "baton"), linkTicks: ticks(of: "baton-link"),
            benchTicks: Self.statFields(getpid()).map(Self.cpuTicks) ?? 0, machineBusyTicks: machine.busy,
            machineTotalTicks: machine.total,
            at: ContinuousClock.now)
    }

    /// User and system ticks of the postmaster and its children (the backends).
    private func serverTicks() -> Int {
        guard let postmaster = cluster.serverProcessID else { return 0 }
        var total = 0
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(entry), let fields = Self.statFields(pid) else { continue }
            // Fields after the command: state, ppid, …; utime and stime are the 12th and 13th of them.
            guard pid == postmaster || Int32(fields[1]) == postmaster else { continue }
            total += Self.cpuTicks(fields)
        }
        return total
    }

    /// User and system ticks of the bench's machines' processes whose command is `command`.
    private func ticks(of command: String) -> Int {
        var total = 0
        let home = Data("BATON_HOME=\(homes)".utf8)
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(entry),
                let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                text.contains("(\(command))"),
                let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ"),
                environment.range(of: home) != nil, let fields = Self.statFields(pid)
            else { continue }
            total += Self.cpuTicks(fields)
        }
        return total
    }

    /// utime + stime of a process's stat fields (after the command).
    private static func cpuTicks(_ fields: [Substring]) -> Int {
        fields.count > 12 ? (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) : 0
    }

    private static func statFields(_ pid: Int32) -> [Substring]? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = text.lastIndex(of: ")")
        else { return nil }
        return text[text.index(after: end)...].split(separator: " ")
    }

    private static func machineTicks() -> (busy: Int, total: Int) {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
            let line = text.split(separator: "\n").first
        else { return (0, 0) }
        let values = line.split(separator: " ").dropFirst().map { Int($0) ?? 0 }
        let idle = values.count > 4 ? values[3] + values[4] : 0
        let total = values.reduce(0, +)
        return (total - idle, total)
    }
}
