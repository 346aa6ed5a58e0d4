import Foundation
import TestSupport
import Testing

/// Finding 10: every `baton account` failure is one line that names what failed and the fix, and a failed join
/// writes nothing anywhere.
@Suite(.serialized) struct AccountMessagesTests {
    static func oneLine(_ output: String) -> Bool {
        output.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").count == 1
    }

    @Test func failuresAreOneLineAndAFailedJoinCreatesNothing() async throws {
        let (server, machines, url) = try LinkedMachines.aliceOnAFreshServer()
        defer { server.remove() }
        defer { machines.tearDown() }
        let someKey = "baton-key-" + String(repeating: "A", count: 43)

        // A join to a server where nobody created an account: refused, and nothing written.
        let empty = try machines.baton("other", ["account", "join", url, "--key", someKey])
        #expect(empty.status == 1)
        #expect(Self.oneLine(empty.output), "\(empty.output)")
        #expect(empty.output.contains("has no account"), "\(empty.output)")
        #expect(
            try server.psql(database: "baton", "SELECT count(*) FROM baton.accounts")
                .trimmingCharacters(in: .whitespacesAndNewlines) == "0")

        #expect(try machines.baton("laptop", ["account", "create", url, "--machine", "laptop"]).status == 0)
        // A wrong key: what failed, no postgres-nio wrapper.
        let wrong = try machines.baton("other", ["account", "join", url, "--key", someKey])
        #expect(wrong.status == 1)
        #expect(Self.oneLine(wrong.output), "\(wrong.output)")
        #expect(!wrong.output.contains("PostgresTransactionError"), "\(wrong.output)")
        #expect(wrong.output.contains("the account key does not match account alice"))

        // TLS asked for, a server without it.
        let tls = try machines.baton(
            "other",
            [
                "account", "join", server.url(role: "alice", password: "a-pass", query: "sslmode=require"), "--key",
                someKey,
            ])
        #expect(tls.status == 1)
        #expect(Self.oneLine(tls.output), "\(tls.output)")
        #expect(tls.output.contains("TLS is required") && tls.output.contains("does not offer it"), "\(tls.output)")

        // Leave with the server down: one line; the machine is unlinked here.
        server.stop()
        let left = try machines.baton("laptop", ["account", "leave"])
        #expect(left.status == 0)
        #expect(Self.oneLine(left.output), "\(left.output)")
        #expect(left.output.contains("left account alice"), "\(left.output)")
        #expect(!left.output.contains("NIO") && !left.output.contains("Connection errors"), "\(left.output)")
        #expect(try machines.baton("laptop", ["account", "status"]).output.contains("not linked"))
    }
}

/// Finding 6: two homes may not share a machine name in one account (the host name is the default, so two homes on
/// one host would both be `vm`): the second join is refused with one line naming `--machine NAME`, and writes
/// nothing; under a name of its own it joins.
@Suite(.serialized) struct MachineNamesTests {
    @Test func aSecondHomeWithATakenNameIsRefusedAndJoinsUnderItsOwn() async throws {
        let (server, machines, url) = try LinkedMachines.aliceOnAFreshServer()
        defer { server.remove() }
        defer { machines.tearDown() }
        #expect(try machines.baton("home1", ["account", "create", url, "--machine", "vm"]).status == 0)
        let keyFile = machines.home("home1").appendingPathComponent("state/account.key").path

        let twin = try machines.baton("home2", ["account", "join", url, "--key-file", keyFile, "--machine", "vm"])
        #expect(twin.status == 1)
        #expect(AccountMessagesTests.oneLine(twin.output), "\(twin.output)")
        #expect(twin.output.contains("machine name vm is already used"), "\(twin.output)")
        #expect(twin.output.contains("--machine NAME"), "\(twin.output)")
        #expect(
            !FileManager.default.fileExists(
                atPath: machines.home("home2").appendingPathComponent("state/account-link.json").path))

        let own = try machines.baton("home2", ["account", "join", url, "--key-file", keyFile, "--machine", "vm2"])
        #expect(own.status == 0, "\(own.output)")
        // The first home leaving and joining again under its own name is welcome.
        let savedKey = try Data(contentsOf: URL(fileURLWithPath: keyFile))
        let kept = machines.root.appendingPathComponent("key")
        try savedKey.write(to: kept)
        #expect(try machines.baton("home1", ["account", "leave"]).status == 0)
        let back = try machines.baton("home1", ["account", "join", url, "--key-file", kept.path, "--machine", "vm"])
        #expect(back.status == 0, "\(back.output)")
    }
}
