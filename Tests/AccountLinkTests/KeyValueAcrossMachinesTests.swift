import Foundation
import TestSupport
import Testing

/// Two machines ("laptop" and "server"), each with its own daemon and link, joined to one account on a real
/// PostgreSQL: key-value writes cross, the server holds only sealed values, and after the server was stopped
/// writes made on both sides meanwhile are replayed and both sides converge (the server's order wins).
@Suite(.serialized) struct KeyValueAcrossMachinesTests {
    /// A server (with `settings`) with account alice and both machines joined, daemons (and links) running.
    static func twoLinkedMachines(settings: [String: String] = [:]) throws -> (TestPostgres, LinkedMachines, String) {
        let server = try TestPostgres(settings: settings)
        let machines = try LinkedMachines()
        let url = try machines.tenant("alice", password: "a-pass", on: server)
        let created = try machines.baton("laptop", ["account", "create", url, "--machine", "laptop"])
        #expect(created.status == 0, "\(created.output)")
        let keyFile = machines.home("laptop").appendingPathComponent("state/account.key").path
        let joined = try machines.baton(
            "server", ["account", "join", url, "--key-file", keyFile, "--machine", "server"])
        #expect(joined.status == 0, "\(joined.output)")
        for machine in ["laptop", "server"] {
            #expect(try machines.baton(machine, ["daemon", "start"]).status == 0)
        }
        return (server, machines, url)
    }

    static func value(_ machines: LinkedMachines, _ machine: String, _ key: String) throws -> String? {
        let result = try machines.baton(machine, ["kv", "get", key])
        return result.status == 0 ? result.output.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }

    @Test func aWriteOnOneMachineReachesTheOtherAndTheServerSeesNoPlaintext() throws {
        let (server, machines, url) = try Self.twoLinkedMachines()
        defer { server.remove() }
        defer { machines.tearDown() }
        let secret = "apple-store-fifth-avenue-\(UUID().uuidString)"
        #expect(try machines.baton("laptop", ["kv", "set", "favoritesIdentifiers", secret]).status == 0)
        #expect(
            try machines.eventually("the laptop's write on the server machine") {
                try Self.value(machines, "server", "favoritesIdentifiers") == secret
            })
        #expect(try machines.baton("server", ["kv", "set", "note", "from-the-server"]).status == 0)
        #expect(
            try machines.eventually("the server machine's write on the laptop") {
                try Self.value(machines, "laptop", "note") == "from-the-server"
            })
        // Every byte the server keeps for the rows, as the administrator reads them: no plaintext.
        let rows = try server.psql(
            database: "baton", "SELECT encode(sealed, 'escape'), encode(sealed, 'hex') FROM baton.key_values")
        #expect(!rows.isEmpty)
        #expect(!rows.contains(secret))
        #expect(!rows.contains("fifth-avenue"))
        #expect(!rows.contains(Data("from-the-server".utf8).map { String(format: "%02x", $0) }.joined()))
        #expect(!rows.contains("from-the-server"))
        _ = url
    }

    @Test func writesMadeWhileTheServerIsStoppedConvergeWhenItIsBack() throws {
        let (server, machines, _) = try Self.twoLinkedMachines()
        defer { server.remove() }
        defer { machines.tearDown() }
        // Both links up: a first write crosses.
        #expect(try machines.baton("laptop", ["kv", "set", "warm", "up"]).status == 0)
        #expect(
            try machines.eventually("the first write crossing") {
                let value = try Self.value(machines, "server", "warm")
                return value == "up"
            })

        server.stop()
        #expect(try machines.baton("laptop", ["kv", "set", "fav-laptop", "L"]).status == 0)
        #expect(try machines.baton("server", ["kv", "set", "fav-server", "S"]).status == 0)
        #expect(try machines.baton("laptop", ["kv", "set", "both", "laptop-wrote"]).status == 0)
        #expect(try machines.baton("server", ["kv", "set", "both", "server-wrote"]).status == 0)
        // Local work goes on meanwhile.
        #expect(try Self.value(machines, "laptop", "fav-laptop") == "L")
        #expect(try Self.value(machines, "server", "fav-server") == "S")

        try server.start()
        #expect(
            try machines.eventually("both favourites on both machines", limit: 90) {
                let onLaptop = try Self.value(machines, "laptop", "fav-server")
                let onServer = try Self.value(machines, "server", "fav-laptop")
                return onLaptop == "S" && onServer == "L"
            })
        try Self.expectTheValueTheServerOrderedLast(server, machines, key: "both")
    }

    /// A link lives beside its daemon: when the daemon stops while the server is away (a bridge still waiting on
    /// it), the link ends anyway; when the daemon starts again, so does its link, and it catches up.
    @Test func theLinkEndsWithItsDaemonEvenWhileTheServerIsAway() throws {
        let (server, machines, _) = try Self.twoLinkedMachines()
        defer { server.remove() }
        defer { machines.tearDown() }
        func linkRunning() throws -> Bool {
            try machines.baton("laptop", ["account", "status", "--json"]).output.contains("\"linkRunning\" : true")
        }
        #expect(try machines.eventually("the laptop's link", limit: 30) { try linkRunning() })
        server.stop()
        #expect(try machines.baton("laptop", ["daemon", "stop"]).status == 0)
        #expect(try machines.eventually("the laptop's link to end", limit: 30) { try !linkRunning() })

        #expect(try machines.baton("laptop", ["daemon", "start"]).status == 0)
        #expect(try machines.eventually("the laptop's link again", limit: 30) { try linkRunning() })
        try server.start()
        #expect(try machines.baton("laptop", ["kv", "set", "after-restart", "yes"]).status == 0)
        #expect(
            try machines.eventually("the write on the server machine", limit: 90) {
                try Self.value(machines, "server", "after-restart") == "yes"
            })
    }

    /// Both machines settle on one value for `key` (written as `<machine>-wrote` on each): the one whose row the
    /// server ordered last.
    static func expectTheValueTheServerOrderedLast(_ server: TestPostgres, _ machines: LinkedMachines, key: String)
        throws
    {
        #expect(
            try machines.eventually("one value for the key both wrote", limit: 90) {
                let laptop = try value(machines, "laptop", key)
                let other = try value(machines, "server", key)
                return laptop != nil && laptop == other
            })
        let last = try machines.machine(
            route: try server.psql(
                database: "baton", "SELECT machine FROM baton.key_values WHERE key = '\(try machines.route(key))'"
            )
            .trimmingCharacters(in: .whitespacesAndNewlines))
        let settled = try value(machines, "laptop", key)
        #expect(settled == "\(last)-wrote")
    }
}
