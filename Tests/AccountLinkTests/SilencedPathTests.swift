import Foundation
import TestSupport
import Testing

/// A machine whose path to the server goes quiet (no answer, no reset: a dropped Wi-Fi, a NAT that forgot the flow,
/// or a connection the server ended while the link was stopped) still sends what its devices write and push, over a
/// new connection, once a round with the server overruns its deadline (`KeyValueBridge.roundBudget`,
/// `PushBridge.sendBudget`). Before, the write waited on the quiet connection for ever and every later one waited
/// behind it (the chaos checker's seed 2027); a push stayed "being sent" and no flush sent it again.
@Suite(.serialized) struct SilencedPathTests {
    typealias Pushes = NotificationsAcrossMachinesTests

    /// Laptop on the server directly, the server machine through `proxy`; both daemons started, device alpha on
    /// the laptop known to the server machine, and a first write across (so the server machine's pool holds
    /// connections through the proxy).
    private func linked(_ server: TestPostgres, _ machines: LinkedMachines, _ proxy: SilentProxy) async throws
        -> Process
    {
        let url = try machines.tenant("alice", password: "a-pass", on: server)
        #expect(try machines.baton("laptop", ["account", "create", url, "--machine", "laptop"]).status == 0)
        let keyFile = machines.home("laptop").appendingPathComponent("state/account.key").path
        let joined = try machines.baton(
            "server", ["account", "join", proxy.route(url), "--key-file", keyFile, "--machine", "server"])
        #expect(joined.status == 0, "\(joined.output)")
        for machine in ["laptop", "server"] { #expect(try machines.baton(machine, ["daemon", "start"]).status == 0) }
        let alpha = try machines.device("alpha", on: "laptop")
        #expect(try machines.baton("server", ["kv", "set", "before", "b"]).status == 0)
        #expect(
            try await machines.settled("the first write on the laptop, alpha known on the server machine") {
                try KeyValueAcrossMachinesTests.value(machines, "laptop", "before") == "b"
                    && machines.baton("server", ["account", "status"]).output.contains("devices: alpha")
            })
        return alpha
    }

    /// `linked`, then every connection through the proxy silenced, then `body`.
    private func whileThePathIsQuiet(_ body: (LinkedMachines) async throws -> Void) async throws {
        try await SilentProxy.withServer { server, machines, proxy in
            let alpha = try await linked(server, machines, proxy)
            defer { alpha.terminate() }
            proxy.silence()
            try await body(machines)
        }
    }

    @Test func aWriteMadeWhileThePathIsQuietCrossesOnANewConnection() async throws {
        try await whileThePathIsQuiet { (machines: LinkedMachines) async throws in
            #expect(try machines.baton("server", ["kv", "set", "during", "d"]).status == 0)
            #expect(
                try await machines.settled(
                    "the write made while the path was quiet, on the laptop", limit: .seconds(240)
                ) {
                    try KeyValueAcrossMachinesTests.value(machines, "laptop", "during") == "d"
                })
        }
    }

    @Test func aPushMadeWhileThePathIsQuietCrossesOnANewConnection() async throws {
        try await whileThePathIsQuiet { (machines: LinkedMachines) async throws in
            let pushed = try machines.baton(
                "server", ["push", try Pushes.payload(machines, title: "Quiet", body: "q"), "--app", Pushes.app])
            #expect(pushed.status == 0, "\(pushed.output)")
            #expect(
                try await machines.settled("the push made while the path was quiet, on alpha", limit: .seconds(240)) {
                    try Pushes.delivered(machines, "laptop", "alpha").contains("Quiet")
                })
        }
    }
}
