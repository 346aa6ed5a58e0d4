import Foundation
import TestSupport
import Testing

/// A key-value write whose answer is lost after the server committed it (the path fails between the two) is sent
/// again over a new connection. Before, it was written again, after any later row of another machine: the chaos
/// checker's seed 7 (with the `silence` fault) saw a value come back after another machine had removed the key.
/// Now the server's mark of the machine (`baton.machines.kv_revision`) lets it through once only.
@Suite(.serialized) struct LostAnswerTests {
    typealias Values = KeyValueAcrossMachinesTests

    /// The server's newest change number (the administrator reads every account's rows).
    static func newestRow(_ server: TestPostgres) throws -> Int {
        Int(
            try server.psql(database: "baton", "SELECT coalesce(max(seq), 0) FROM baton.key_values")
                .trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    @Test func aWriteWhoseAnswerWasLostIsNotWrittenAgainAfterALaterRow() async throws {
        try await SilentProxy.withServer { server, machines, proxy in
            try await Self.linkWithV1(server, machines, proxy)

            try await Self.writeV2WithoutAnswerThenRemoveElsewhere(server, machines, proxy)
            // The laptop's link gives the quiet round up at its deadline and connects again.
            proxy.release()
            #expect(try machines.baton("laptop", ["kv", "set", "marker", "m"]).status == 0)
            #expect(
                try await machines.settled("the laptop's marker on the server machine", limit: .seconds(240)) {
                    try Values.value(machines, "server", "marker") == "m"
                })
            // Before the fix the laptop wrote v2 again before its marker: both machines ended on v2.
            #expect(try Values.value(machines, "server", "k") == nil)
            #expect(
                try await machines.settled("the removal on the laptop") {
                    try Values.value(machines, "laptop", "k") == nil
                }
            )
        }
    }

    /// The same write, sent before a `leave` whose link died before it saved its cursor: the leave takes the server's
    /// mark of the machine with it and the re-join puts it back. Before, the leave removed the machine's row (and
    /// its mark), the re-join sent the write again from the older cursor, and it was written after the other
    /// machine's removal: the chaos checker's seed 27 saw values written twice by a machine that left and re-joined.
    @Test func aWriteWhoseAnswerWasLostBeforeALeaveIsNotWrittenAgainByTheRejoin() async throws {
        try await SilentProxy.withServer { server, machines, proxy in
            let url = try await Self.linkWithV1(server, machines, proxy)
            try await Self.writeV2WithoutAnswerThenRemoveElsewhere(server, machines, proxy)
            // The laptop's daemon stops and its link with it, v2's answer never heard: its cursor is below v2.
            #expect(try machines.baton("laptop", ["daemon", "stop"]).status == 0)
            #expect(
                try await machines.settled("the laptop's link gone") {
                    HandoffAcrossMachinesTests.linkPID(machines, "laptop") == nil
                })
            proxy.release()
            let left = try machines.baton("laptop", ["account", "leave"])
            #expect(left.status == 0 && !left.output.contains("not reached"), "\(left.output)")
            let keyFile = machines.root.appendingPathComponent("alice.key")
            try Data(contentsOf: machines.home("server").appendingPathComponent("state/account.key")).write(to: keyFile)
            let joined = try machines.baton(
                "laptop", ["account", "join", proxy.route(url), "--key-file", keyFile.path, "--machine", "laptop"])
            #expect(joined.status == 0, "\(joined.output)")
            #expect(try machines.baton("laptop", ["daemon", "start"]).status == 0)
            #expect(try machines.baton("laptop", ["kv", "set", "marker", "m"]).status == 0)
            #expect(
                try await machines.settled("the laptop's marker on the server machine") {
                    try Values.value(machines, "server", "marker") == "m"
                })
            #expect(try Values.value(machines, "server", "k") == nil)
            #expect(
                try await machines.settled("the removal on the laptop") {
                    try Values.value(machines, "laptop", "k") == nil
                })
        }
    }

    /// The laptop's answers stop coming (`deafenAndHold`); its write of v2 reaches the server and commits; then the
    /// other machine removes the key, so the server's order ends on the removal.
    static func writeV2WithoutAnswerThenRemoveElsewhere(
        _ server: TestPostgres, _ machines: LinkedMachines, _ proxy: SilentProxy
    ) async throws {
        let before = try newestRow(server)
        proxy.deafenAndHold()
        #expect(try machines.baton("laptop", ["kv", "set", "k", "v2"]).status == 0)
        #expect(try await machines.settled("v2 committed on the server") { try newestRow(server) > before })
        let committed = try newestRow(server)
        #expect(try machines.baton("server", ["kv", "remove", "k"]).status == 0)
        #expect(try await machines.settled("the removal on the server") { try newestRow(server) > committed })
    }

    /// Links the laptop (through `proxy`) and the server machine (directly) to alice's account and syncs `k=v1`;
    /// the account's URL.
    @discardableResult
    static func linkWithV1(_ server: TestPostgres, _ machines: LinkedMachines, _ proxy: SilentProxy) async throws
        -> String
    {
        let url = try machines.tenant("alice", password: "a-pass", on: server)
        let created = try machines.baton("laptop", ["account", "create", proxy.route(url), "--machine", "laptop"])
        #expect(created.status == 0, "\(created.output)")
        let keyFile = machines.home("laptop").appendingPathComponent("state/account.key").path
        let joined = try machines.baton(
            "server", ["account", "join", url, "--key-file", keyFile, "--machine", "server"])
        #expect(joined.status == 0, "\(joined.output)")
        for machine in ["laptop", "server"] {
            #expect(try machines.baton(machine, ["daemon", "start"]).status == 0)
        }
        #expect(try machines.baton("laptop", ["kv", "set", "k", "v1"]).status == 0)
        #expect(
            try await machines.settled("v1 on the server machine") { try Values.value(machines, "server", "k") == "v1" }
        )
        return url
    }
}
