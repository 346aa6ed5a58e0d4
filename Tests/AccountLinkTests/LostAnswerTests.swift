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
            // The laptop reaches the server through the proxy, the server machine directly.
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
                try await machines.settled("v1 on the server machine") {
                    try Values.value(machines, "server", "k") == "v1"
                }
            )

            // The laptop's answers stop coming; its write of v2 reaches the server and commits.
            let before = try Self.newestRow(server)
            proxy.deafenAndHold()
            #expect(try machines.baton("laptop", ["kv", "set", "k", "v2"]).status == 0)
            #expect(try await machines.settled("v2 committed on the server") { try Self.newestRow(server) > before })
            // Then the other machine removes the key: the server's order ends on the removal.
            let committed = try Self.newestRow(server)
            #expect(try machines.baton("server", ["kv", "remove", "k"]).status == 0)
            #expect(try await machines.settled("the removal on the server") { try Self.newestRow(server) > committed })
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
}
