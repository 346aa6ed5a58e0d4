import Foundation
import TestSupport
import Testing

/// Backups and failovers are ordinary faults (issue 37). Before, tried as an operator would: the server restored
/// from a `pg_dump` taken five writes earlier restarted the account's change numbers below every machine's cursor,
/// so writes made after the restore were never read by the other machines and the writes between backup and
/// restore never reached the server again; and a home restored from a copy of its stopped state directory had its
/// next acknowledged writes refused as "a write the server already has" (its store's numbers counted again from
/// below the server's mark of it), for good.
@Suite(.serialized) struct BackupRestoreTests {
    typealias Across = KeyValueAcrossMachinesTests

    private func set(_ machines: LinkedMachines, _ machine: String, _ pairs: [(String, String)]) throws {
        for (key, value) in pairs {
            let result = try machines.baton(machine, ["kv", "set", key, value])
            #expect(result.status == 0, "\(result.output)")
        }
    }

    /// Whether `machine` holds every pair.
    private func holds(_ machines: LinkedMachines, _ machine: String, _ pairs: [(String, String)]) throws -> Bool {
        try pairs.allSatisfy { try Across.value(machines, machine, $0.0) == $0.1 }
    }

    @Test func aServerRestoredFromABackupTakenMidRunLosesNoAcknowledgedWrite() async throws {
        let (server, machines, url) = try Across.twoLinkedMachines()
        defer { server.remove() }
        defer { machines.tearDown() }
        let before = [("a", "1"), ("b", "1")]
        try set(machines, "laptop", [before[0]])
        try set(machines, "server", [before[1]])
        #expect(
            try await machines.settled("the first writes on both") {
                try holds(machines, "laptop", before) && holds(machines, "server", before)
            })
        let backup = machines.root.appendingPathComponent("baton.dump")
        try server.dump(to: backup)

        // Written after the backup, acknowledged, and read by the other machine.
        let between = (1...5).map { ("between.\($0)", "laptop-\($0)") } + [("between.server", "s")]
        try set(machines, "laptop", Array(between.prefix(5)))
        try set(machines, "server", [between[5]])
        #expect(
            try await machines.settled("the writes between backup and restore on both") {
                try holds(machines, "laptop", between) && holds(machines, "server", between)
            })

        try server.restore(from: backup)
        // After the restore, both write again: their change numbers count from the backup's, below the cursors.
        let after = [("after.server", "s2"), ("after.laptop", "l2"), ("a", "2")]
        try set(machines, "server", [after[0], after[2]])
        try set(machines, "laptop", [after[1]])
        let everything = before.filter { $0.0 != "a" } + between + after
        #expect(
            try await machines.settled("every write on both machines") {
                try holds(machines, "laptop", everything) && holds(machines, "server", everything)
            })
        // And on the server itself: a machine that joins now gets every acknowledged write from it.
        let keyFile = machines.home("laptop").appendingPathComponent("state/account.key").path
        let joined = try machines.baton("desk", ["account", "join", url, "--key-file", keyFile, "--machine", "desk"])
        #expect(joined.status == 0, "\(joined.output)")
        #expect(try machines.baton("desk", ["daemon", "start"]).status == 0)
        #expect(
            try await machines.settled("every write on a machine joined after the restore") {
                try holds(machines, "desk", everything)
            })
    }

    @Test func aHomeRestoredFromAnOldCopyKeepsItsNewWrites() async throws {
        let (server, machines, _) = try Across.twoLinkedMachines()
        defer { server.remove() }
        defer { machines.tearDown() }
        let first = (1...3).map { ("first.\($0)", "f\($0)") }
        try set(machines, "laptop", first)
        #expect(
            try await machines.settled("the first writes on the other machine") { try holds(machines, "server", first) }
        )
        // A copy of the stopped home's state, as a backup tool takes it.
        #expect(try machines.baton("laptop", ["daemon", "stop"]).status == 0)
        let state = machines.home("laptop").appendingPathComponent("state").path
        let copy = machines.root.appendingPathComponent("laptop-state-copy").path
        _ = try TestPostgres.run("/bin/cp", ["-a", state, copy])
        #expect(try machines.baton("laptop", ["daemon", "start"]).status == 0)
        let later = (1...5).map { ("later.\($0)", "l\($0)") }
        try set(machines, "laptop", later)
        #expect(
            try await machines.settled("the later writes on the other machine") { try holds(machines, "server", later) }
        )

        // The disk is lost; the home comes back from the copy, and goes on writing.
        #expect(try machines.baton("laptop", ["daemon", "stop"]).status == 0)
        _ = try TestPostgres.run("/bin/rm", ["-rf", state])
        _ = try TestPostgres.run("/bin/cp", ["-a", copy, state])
        #expect(try machines.baton("laptop", ["daemon", "start"]).status == 0)
        let restored = (1...5).map { ("restored.\($0)", "r\($0)") }
        try set(machines, "laptop", restored)
        #expect(
            try await machines.settled("the restored home's new writes on the other machine") {
                try holds(machines, "server", restored)
            })
        #expect(
            try await machines.settled("the writes the copy missed back on the restored home") {
                try holds(machines, "laptop", later + restored + first)
            })
    }
}
