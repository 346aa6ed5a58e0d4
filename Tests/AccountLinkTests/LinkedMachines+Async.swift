import Foundation
import TestSupport
import Testing

extension LinkedMachines {
    /// Takes `machine`'s link lock as a link would (`PidLock.hold`: `flock` and this pid), once any link holding it
    /// has let it go, so no link of that machine starts; the descriptor (close it to let one start).
    func holdLinkLock(_ machine: String, attempts: Int = 400) async throws -> Int32? {
        let run = home(machine).appendingPathComponent("run")
        try FileManager.default.createDirectory(
            at: run, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let file = run.appendingPathComponent("account-link.lock")
        for _ in 0..<attempts {
            let descriptor = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { return nil }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                ftruncate(descriptor, 0)
                let text = Array("\(getpid())\n".utf8)
                _ = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                return descriptor
            }
            close(descriptor)
            try await Task.sleep(for: .milliseconds(50))
        }
        return nil
    }

    /// Kills `machine`'s running link and takes its lock before its daemon starts another (`holdLinkLock`): the
    /// daemon restarts a link that ended (after 1 s, doubling), so a new one that got the lock first is killed too.
    /// The descriptor (close it to let the daemon start a link), or nil if the test never got the lock.
    func killLinkAndHoldItsLock(_ machine: String) async throws -> Int32? {
        let file = home(machine).appendingPathComponent("run/account-link.lock")
        for _ in 0..<20 {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            if let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid != getpid() {
                kill(pid, SIGKILL)
            }
            if let lock = try await holdLinkLock(machine, attempts: 20) { return lock }
        }
        return nil
    }

    /// A fresh shared server (`baton server init`) with account role alice (password a-pass), fresh homes, and alice's URL.
    static func aliceOnAFreshServer() throws -> (TestPostgres, LinkedMachines, String) {
        let server = try TestPostgres()
        let machines = try LinkedMachines()
        return (server, machines, try machines.tenant("alice", password: "a-pass", on: server))
    }

    /// Polls `condition` until it holds or `limit` passes, sleeping without holding a thread (a readiness wait with
    /// a deadline only a real hang reaches, not a timing check).
    func settled(_ what: String, limit: Duration = .seconds(120), _ condition: () throws -> Bool) async throws -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while clock.now < deadline {
            if try condition() { return true }
            try await Task.sleep(for: .milliseconds(200))
        }
        Issue.record("timed out waiting for \(what)")
        return false
    }

    /// The pid of `machine`'s link once one runs (nil, with an issue recorded, if none comes).
    func runningLink(_ machine: String) async throws -> Int32? {
        var found: Int32?
        _ = try await settled("\(machine)'s link") {
            found = try linkPID(machine)
            return found != nil
        }
        return found
    }

    /// `machine`'s link cursor file (how far it has read the server and sent its own store).
    func cursor(_ machine: String) -> (serverSeq: Int64, pushedRevision: Int64) {
        let url = home(machine).appendingPathComponent("state/account-link-cursor.json")
        guard let data = FileManager.default.contents(atPath: url.path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return (0, 0) }
        return (
            (object["serverSeq"] as? NSNumber)?.int64Value ?? 0,
            (object["pushedRevision"] as? NSNumber)?.int64Value ?? 0
        )
    }

    /// The newest revision among `machine`'s keys (what its next write exceeds).
    func newestRevision(_ machine: String) throws -> Int64 {
        let listed = try baton(machine, ["kv", "list", "--json"]).output
        guard let object = try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [String: [String: Any]]
        else { return 0 }
        return object.values.compactMap { ($0["revision"] as? NSNumber)?.int64Value }.max() ?? 0
    }

    /// The pid of `machine`'s running link (from its lock file), if one runs.
    func linkPID(_ machine: String) throws -> Int32? {
        let status = try baton(machine, ["account", "status", "--json"]).output
        guard status.contains("\"linkRunning\" : true") else { return nil }
        let lock = home(machine).appendingPathComponent("run/account-link.lock")
        return (try? String(contentsOf: lock, encoding: .utf8)).flatMap {
            Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}
