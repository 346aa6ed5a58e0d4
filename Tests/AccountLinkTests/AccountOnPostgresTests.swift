import Foundation
import TestSupport
import Testing

/// `baton account create|join|leave|status` against a real PostgreSQL, and the key-value store across machines
/// through it: sealed rows, row-level security between accounts, and convergence after the server was away.
@Suite(.serialized) struct AccountOnPostgresTests {
    @Test func createJoinStatusLeaveAndAWrongKeyWritesNothing() throws {
        let server = try TestPostgres()
        defer { server.remove() }
        let machines = try LinkedMachines()
        defer { machines.tearDown() }
        let url = try machines.tenant("alice", password: "a-pass", on: server)

        let created = try machines.baton("laptop", ["account", "create", url, "--machine", "laptop", "--json"])
        #expect(created.status == 0, "\(created.output)")
        let report = try JSONSerialization.jsonObject(with: Data(created.output.utf8)) as? [String: Any]
        let key = try #require(report?["key"] as? String)
        #expect(key.hasPrefix("baton-key-"))
        let keyFile = machines.home("laptop").appendingPathComponent("state/account.key").path
        let mode = try FileManager.default.attributesOfItem(atPath: keyFile)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try String(contentsOfFile: keyFile, encoding: .utf8).contains(key))

        // A wrong key: a clear line, exit 1, and nothing written here or on the server.
        let wrong = try machines.baton(
            "server", ["account", "join", url, "--key", "baton-key-" + String(repeating: "A", count: 43)])
        #expect(wrong.status == 1)
        #expect(wrong.output.contains("the account key does not match account alice; nothing was written"))
        #expect(
            !FileManager.default.fileExists(
                atPath: machines.home("server").appendingPathComponent("state/account-link.json").path))
        #expect(
            try server.psql(url: url, "SELECT count(*) FROM baton.machines").trimmingCharacters(
                in: .whitespacesAndNewlines) == "1")

        let joined = try machines.baton(
            "server", ["account", "join", url, "--key-file", keyFile, "--machine", "server"])
        #expect(joined.status == 0, "\(joined.output)")
        #expect(joined.output.contains("joined account alice"))
        let status = try machines.baton("server", ["account", "status"])
        #expect(status.output.contains("laptop"))
        #expect(status.output.contains("  server  joined"))

        let again = try machines.baton("laptop", ["account", "create", url])
        #expect(again.status == 1)
        #expect(again.output.contains("already linked to account alice as laptop"))
        let badURL = try machines.baton("other", ["account", "create", "http://nowhere"])
        #expect(badURL.status == 64)
        #expect(badURL.output.contains("is not a PostgreSQL URL"))
        let refused = try machines.baton("other", ["account", "create", server.url(role: "alice", password: "nope")])
        #expect(refused.status == 1)
        #expect(refused.output.contains("password authentication failed"))

        // A schema from a newer Baton is refused, and nothing is linked.
        try server.psql(database: "baton", "UPDATE baton.schema_version SET version = version + 7")
        let newer = try machines.baton("third", ["account", "join", url, "--key-file", keyFile])
        #expect(newer.status == 1)
        #expect(newer.output.contains("from a newer Baton"), "\(newer.output)")
        #expect(
            !FileManager.default.fileExists(
                atPath: machines.home("third").appendingPathComponent("state/account-link.json").path))
        try server.psql(database: "baton", "UPDATE baton.schema_version SET version = version - 7")
        // A server that is not there: one line, no hang.
        let gone = try machines.baton(
            "third", ["account", "create", "postgres://alice:x@127.0.0.1:1/baton?sslmode=disable"])
        #expect(gone.status == 1)
        #expect(gone.output.hasPrefix("baton account: "), "\(gone.output)")

        let left = try machines.baton("server", ["account", "leave"])
        #expect(left.output.contains("left account alice"))
        #expect(try machines.baton("server", ["account", "status"]).output.contains("not linked"))
        // The laptop's row stays, named by its route only (its name is sealed in it).
        #expect(
            try server.psql(url: url, "SELECT count(*) FROM baton.machines").trimmingCharacters(
                in: .whitespacesAndNewlines) == "1")
        let rows = try server.psql(url: url, "SELECT machine, encode(sealed, 'escape') FROM baton.machines")
        #expect(!rows.contains("laptop"), "\(rows)")
    }

    @Test func anotherAccountsRoleCannotReadTheseRows() throws {
        let server = try TestPostgres()
        defer { server.remove() }
        let machines = try LinkedMachines()
        defer { machines.tearDown() }
        let alice = try machines.tenant("alice", password: "a-pass", on: server)
        let bob = try machines.tenant("bob", password: "b-pass", on: server)
        #expect(try machines.baton("laptop", ["account", "create", alice, "--machine", "laptop"]).status == 0)
        #expect(try machines.baton("bobs", ["account", "create", bob, "--machine", "bobs-box"]).status == 0)
        // Every table has row-level security, forced on its owner too.
        let tables = try server.psql(
            database: "baton",
            """
            SELECT string_agg(relname || ':' || (relrowsecurity AND relforcerowsecurity)::text, ',' ORDER BY relname)
            FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = 'baton' AND c.relkind = 'r'
            """
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(
            tables
                == "accounts:true,devices:true,handoff_mail:true,key_values:true,machines:true,offers:true,pushes:true,"
                + "schema_version:true")
        for table in ["accounts", "machines", "key_values"] {
            let seen = try server.psql(url: bob, "SELECT count(*) FROM baton.\(table) WHERE owner = 'alice'")
            #expect(seen.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "bob read alice's \(table)")
        }
        // Each sees its own machine's row, which names it by route only.
        #expect(
            try server.psql(url: bob, "SELECT count(*) FROM baton.machines WHERE machine <> 'bobs-box'")
                .trimmingCharacters(
                    in: .whitespacesAndNewlines) == "1")
        // Nor may bob write rows in alice's name.
        #expect(throws: TestPostgresFailure.self) {
            try server.psql(url: bob, "INSERT INTO baton.machines (owner, machine) VALUES ('alice', 'intruder')")
        }
        // Each sees its own machine's row, which names it by route only.
        #expect(
            try server.psql(url: alice, "SELECT count(*) FROM baton.machines WHERE machine <> 'laptop'")
                .trimmingCharacters(
                    in: .whitespacesAndNewlines) == "1")
    }

    @Test func tlsIsUsedWhenTheURLAsksForIt() throws {
        let server = try TestPostgres(tls: true)
        defer { server.remove() }
        let machines = try LinkedMachines()
        defer { machines.tearDown() }
        try machines.tenant("alice", password: "a-pass", on: server)
        // The server takes alice over TLS only: without it, a clear refusal and nothing linked.
        let plain = try machines.baton("laptop", ["account", "create", server.url(role: "alice", password: "a-pass")])
        #expect(plain.status == 1)
        #expect(plain.output.contains("no encryption"), "\(plain.output)")
        // verify-full against the test CA: the certificate is checked and the account is made.
        let verified = server.url(
            role: "alice", password: "a-pass", query: "sslmode=verify-full&sslrootcert=\(server.caCertificate)")
        let created = try machines.baton("laptop", ["account", "create", verified, "--machine", "laptop"])
        #expect(created.status == 0, "\(created.output)")
        // Without the CA, verify-full refuses the server's certificate.
        let unverified = try machines.baton(
            "server",
            [
                "account", "join", server.url(role: "alice", password: "a-pass", query: "sslmode=verify-full"),
                "--key-file", machines.home("laptop").appendingPathComponent("state/account.key").path,
            ])
        #expect(unverified.status == 1)
        #expect(
            !FileManager.default.fileExists(
                atPath: machines.home("server").appendingPathComponent("state/account-link.json").path))
        // The bench's old name still parses its options (bad input: exit 64; MachinesBenchTests runs it).
        #expect(try machines.baton("laptop", ["account", "bench", "--samples", "0"]).status == 64)
    }
}
