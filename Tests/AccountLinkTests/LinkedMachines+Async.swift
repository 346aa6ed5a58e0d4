import Foundation
import TestSupport
import Testing

extension LinkedMachines {
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
