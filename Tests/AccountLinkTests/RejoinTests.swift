import Foundation
import TestSupport
import Testing

/// Finding 2: a re-join sends only what changed here since the last sync and takes the server's state for the
/// rest; a home from another account keeps its old keys aside (not uploaded) unless brought with `--bring`.
@Suite(.serialized) struct RejoinTests {
    typealias Across = KeyValueAcrossMachinesTests

    /// Copies the laptop's account key where a re-join finds it after `leave` removed the original.
    static func keepKey(_ machines: LinkedMachines) throws -> URL {
        let keyFile = machines.root.appendingPathComponent("alice.key")
        try Data(contentsOf: machines.home("laptop").appendingPathComponent("state/account.key")).write(to: keyFile)
        return keyFile
    }

    @Test func aRejoinKeepsTheNewerValueWrittenWhileAwayAndSendsWhatChangedHere() async throws {
        let (server, machines, url) = try Across.twoLinkedMachines()
        defer { server.remove() }
        defer { machines.tearDown() }
        let keyFile = try Self.keepKey(machines)
        #expect(try machines.baton("laptop", ["kv", "set", "k", "v1"]).status == 0)
        #expect(
            try await machines.settled("v1 on the server machine") { try Across.value(machines, "server", "k") == "v1" }
        )
        #expect(try machines.baton("laptop", ["account", "leave"]).status == 0)
        #expect(try machines.baton("server", ["kv", "set", "k", "v2"]).status == 0)
        #expect(try machines.baton("laptop", ["kv", "set", "while-away", "here"]).status == 0)

        let joined = try machines.baton(
            "laptop", ["account", "join", url, "--key-file", keyFile.path, "--machine", "laptop"])
        #expect(joined.status == 0, "\(joined.output)")
        // A marker written after the re-join goes after anything the re-join sent: once it has crossed, an upload
        // of the old v1 would have been ordered before it.
        #expect(try machines.baton("laptop", ["kv", "set", "marker", "m"]).status == 0)
        #expect(
            try await machines.settled("the marker and the write made while away on the server machine") {
                try Across.value(machines, "server", "marker") == "m"
                    && Across.value(machines, "server", "while-away") == "here"
            })
        #expect(try Across.value(machines, "server", "k") == "v2")
        #expect(try await machines.settled("v2 on the laptop") { try Across.value(machines, "laptop", "k") == "v2" })
        // The row names its writer by route (`Routes`: machine names never reach the server).
        let writer = try server.psql(
            database: "baton",
            "SELECT machine FROM baton.key_values WHERE key = '\(try machines.route("k", machine: "server"))'")
        #expect(try machines.machine(route: writer.trimmingCharacters(in: .whitespacesAndNewlines)) == "server")
    }

    @Test func aHomeFromAnotherAccountKeepsItsOldKeysAsideAndBringsOnlyWhatItIsAskedTo() async throws {
        let (server, machines, url) = try Across.twoLinkedMachines()
        defer { server.remove() }
        defer { machines.tearDown() }
        // The laptop's keys belong to alice's account; then it leaves and joins bob's (made by a third home).
        #expect(try machines.baton("laptop", ["kv", "set", "alice.private", "a"]).status == 0)
        #expect(try machines.baton("laptop", ["kv", "set", "alice.shared", "s"]).status == 0)
        #expect(
            try await machines.settled("alice's keys on the server machine") {
                try Across.value(machines, "server", "alice.shared") == "s"
            })
        #expect(try machines.baton("laptop", ["account", "leave"]).status == 0)
        let bobURL = try machines.tenant("bob", password: "b-pass", on: server)
        let created = try machines.baton("desk", ["account", "create", bobURL, "--machine", "desk"])
        #expect(created.status == 0, "\(created.output)")
        #expect(try machines.baton("desk", ["daemon", "start"]).status == 0)
        #expect(try machines.baton("desk", ["kv", "set", "bob.key", "b"]).status == 0)
        let bobKey = machines.home("desk").appendingPathComponent("state/account.key").path
        let joined = try machines.baton(
            "laptop",
            ["account", "join", bobURL, "--key-file", bobKey, "--machine", "laptop", "--bring", "alice.shared"])
        #expect(joined.status == 0, "\(joined.output)")
        #expect(try machines.baton("laptop", ["kv", "set", "marker", "m"]).status == 0)
        #expect(
            try await machines.settled("the brought key and the marker on bob's other machine") {
                try Across.value(machines, "desk", "marker") == "m"
                    && Across.value(machines, "desk", "alice.shared") == "s"
            })
        #expect(try Across.value(machines, "desk", "alice.private") == nil)
        #expect(
            try await machines.settled("bob's key on the laptop") {
                try Across.value(machines, "laptop", "bob.key") == "b"
            })
        // Kept aside: not in the live store (which is bob's account's), in the file.
        #expect(try Across.value(machines, "laptop", "alice.private") == nil)
        let aside = machines.home("laptop").appendingPathComponent("state/account-kept-aside.json")
        let text = try String(contentsOf: aside, encoding: .utf8)
        #expect(text.contains("alice.private") && !text.contains("alice.shared"), "\(text)")
        let rows = try server.psql(database: "baton", "SELECT owner || ':' || key FROM baton.key_values ORDER BY 1")
        #expect(rows.contains("bob:\(try machines.route("alice.shared", owner: "bob", machine: "desk"))"), "\(rows)")
        #expect(!rows.contains("bob:\(try machines.route("alice.private", owner: "bob", machine: "desk"))"), "\(rows)")
        _ = url
    }
}
