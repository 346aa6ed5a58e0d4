import Foundation
import TestSupport
import Testing

@testable import AccountLink

/// Bob, a second account with valid credentials on a server set up as the README tells an operator (`baton server
/// init`, `add-account`), tries everything the shared server once let him do to alice: each attempt fails or
/// changes nothing of hers, and alice's key-value changes still cross between her machines.
@Suite(.serialized) struct OtherTenantTests {
    struct Tenants {
        let server: TestPostgres
        let machines: LinkedMachines
        let alice: String
        let bob: String

        func tearDown() {
            machines.tearDown()
            server.remove()
        }

        /// Runs `sql` as the administrator; trimmed output.
        func admin(_ sql: String) throws -> String {
            try server.psql(database: "baton", sql).trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// Sets `key` on alice's laptop and waits until her other machine has it; how long that took.
        func aliceChangeCrosses(_ key: String, _ value: String) async throws -> Duration {
            let clock = ContinuousClock()
            let start = clock.now
            #expect(try machines.baton("laptop", ["kv", "set", key, value]).status == 0)
            #expect(
                try await machines.settled("alice's \(key) on her other machine") {
                    try KeyValueAcrossMachinesTests.value(machines, "server", key) == value
                })
            return clock.now - start
        }
    }

    /// Alice with two linked machines, bob with an account of his own.
    static func tenants() throws -> Tenants {
        let (server, machines, alice) = try KeyValueAcrossMachinesTests.twoLinkedMachines()
        let bob = try machines.tenant("bob", password: "b-pass", on: server)
        let created = try machines.baton("bobs", ["account", "create", bob, "--machine", "bobs-box"])
        #expect(created.status == 0, "\(created.output)")
        return Tenants(server: server, machines: machines, alice: alice, bob: bob)
    }

    @Test func bobCannotLiftRowSecurityChangeTheSchemaOrSeeAlicesActivity() async throws {
        let tenants = try Self.tenants()
        defer { tenants.tearDown() }
        _ = try await tenants.aliceChangeCrosses("favoritesIdentifiers", "before-bob")
        let before = try tenants.admin(
            "SELECT string_agg(owner || ':' || key || ':' || md5(coalesce(sealed, '')), ',' ORDER BY key) "
                + "FROM baton.key_values WHERE owner = 'alice'")
        let lastChange = try tenants.admin("SELECT last_change FROM baton.accounts WHERE owner = 'alice'")
        let aliceMachines = try tenants.admin(
            "SELECT string_agg(machine || ':' || push_seq, ',' ORDER BY machine) "
                + "FROM baton.machines WHERE owner = 'alice'")
        let refused =
            [
                "ALTER TABLE baton.key_values NO FORCE ROW LEVEL SECURITY",
                "ALTER TABLE baton.key_values DISABLE ROW LEVEL SECURITY",
                "ALTER TABLE baton.accounts ADD COLUMN stolen text",
                "ALTER TABLE baton.key_values OWNER TO bob",
                "ALTER SCHEMA baton OWNER TO bob",
                "DROP TABLE baton.key_values",
                "DROP SCHEMA baton CASCADE",
                "DROP POLICY own_rows ON baton.key_values",
                "CREATE POLICY open_rows ON baton.key_values USING (true)",
                "CREATE TABLE baton.bobs (x int)",
                "CREATE OR REPLACE FUNCTION baton.next_change() RETURNS bigint LANGUAGE sql AS 'SELECT 1::bigint'",
                "DROP FUNCTION baton.next_change()",
                "CREATE TRIGGER t BEFORE INSERT ON baton.key_values FOR EACH ROW "
                    + "EXECUTE FUNCTION suppress_redundant_updates_trigger()",
                "COMMENT ON TABLE baton.key_values IS 'bob was here'",
                "TRUNCATE baton.key_values",
                "CLUSTER baton.key_values USING key_values_seq",
                "SET ROLE baton_owner",
                "SET ROLE alice",
                "SET SESSION AUTHORIZATION alice",
                "GRANT baton_owner TO bob",
                "INSERT INTO baton.key_values (owner, key, size, machine, seq) VALUES ('alice', 'planted', 0, 'x', 1)",
                // Deletes and numbering only through the schema's functions; no table-wide UPDATE or DELETE, so no
                // lock on a whole table that would stall the other accounts.
                "DELETE FROM baton.key_values WHERE owner = 'alice'",
                "UPDATE baton.accounts SET last_change = 0 WHERE owner = 'alice'",
                "UPDATE baton.key_values SET owner = 'alice'",
                "SELECT owner FROM baton.accounts FOR UPDATE",
                // What the server once showed every role: a global change sequence, statistics, sessions, locks.
                "SELECT last_value FROM baton.change_seq",
                "SELECT n_tup_ins + n_tup_upd FROM pg_stat_user_tables WHERE relname = 'key_values'",
                "SELECT sum(n_tup_upd) FROM pg_stat_all_tables",
                "SELECT n_tup_ins FROM pg_stat_xact_user_tables",
                "SELECT heap_blks_hit FROM pg_statio_user_tables",
                "SELECT count(*) FROM pg_stat_activity WHERE usename = 'alice'",
                "SELECT count(*) FROM pg_locks",
            ]
            + ServerRoles.rowTables.flatMap { table in
                ["SHARE UPDATE EXCLUSIVE", "SHARE", "SHARE ROW EXCLUSIVE", "EXCLUSIVE", "ACCESS EXCLUSIVE"].map {
                    "LOCK TABLE baton.\(table) IN \($0) MODE"
                }
            }
        for statement in refused {
            #expect(throws: TestPostgresFailure.self, "bob could run: \(statement)") {
                try tenants.server.psql(url: tenants.bob, statement)
            }
        }
        // What bob may run touches only his own rows.
        for statement in [
            "UPDATE baton.key_values SET sealed = NULL WHERE owner = 'alice'",
            "SELECT baton.next_change()",
            "SELECT key FROM baton.key_values FOR UPDATE",
            "SELECT baton.forget_machine('laptop')",
            "SELECT baton.forget_devices('laptop', '{}')",
            "SELECT count(*) FROM baton.take_mail('laptop')",
            "SELECT baton.collect_handoff_garbage()",
            "SELECT baton.read_pushes('laptop', 9999999)",
            "SELECT baton.forget_pushes('laptop')",
        ] {
            try tenants.server.psql(url: tenants.bob, statement)
        }
        for table in ServerRoles.rowTables {
            let seen = try tenants.server.psql(
                url: tenants.bob, "SELECT count(*) FROM baton.\(table) WHERE owner <> 'bob'")
            #expect(seen.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "bob read \(table)")
        }
        #expect(
            try tenants.admin(
                "SELECT string_agg(owner || ':' || key || ':' || md5(coalesce(sealed, '')), ',' ORDER BY key) "
                    + "FROM baton.key_values WHERE owner = 'alice'") == before)
        #expect(try tenants.admin("SELECT last_change FROM baton.accounts WHERE owner = 'alice'") == lastChange)
        #expect(
            try tenants.admin(
                "SELECT string_agg(machine || ':' || push_seq, ',' ORDER BY machine) "
                    + "FROM baton.machines WHERE owner = 'alice'") == aliceMachines)
        // No key name on the server, in any table (routes and sealed boxes only).
        let dump = try tenants.admin(
            "SELECT string_agg(key || encode(coalesce(sealed, ''), 'escape'), ',') FROM baton.key_values")
        #expect(!dump.isEmpty && !dump.contains("favoritesIdentifiers") && !dump.contains("before-bob"), "\(dump)")
        // What sizes the server sees: buckets, not the values' lengths.
        let sizes = try tenants.admin(
            "SELECT string_agg(DISTINCT length(sealed) || '=' || size, ',') FROM baton.key_values WHERE sealed IS NOT NULL"
        )
        #expect(sizes == "256=256", "\(sizes)")
        let crossed = try await tenants.aliceChangeCrosses("favoritesIdentifiers", "after-bob")
        print("alice's key-value change crossed in \(crossed) after bob's attempts")
    }

    @Test func bobsLocksListensAndFloodsLeaveAlicesSyncAlone() async throws {
        let tenants = try Self.tenants()
        defer { tenants.tearDown() }
        _ = try await tenants.aliceChangeCrosses("warm", "up")
        // Advisory locks in every form bob could guess (the old key of alice's turn among them), held.
        let locks = try PsqlSession(url: tenants.bob)
        locks.send("SELECT pg_advisory_lock(727171, hashtext('alice'))")
        locks.send("SELECT pg_advisory_lock(727170)")
        locks.send("SELECT pg_advisory_lock(hashtext('alice'))")
        locks.send("SELECT count(pg_advisory_lock(i)) FROM generate_series(0, 500) i")
        locks.send("SELECT count(pg_advisory_lock(727171, i)) FROM generate_series(-250, 250) i")
        locks.send("SELECT count(pg_advisory_lock_shared(727170, i)) FROM generate_series(-250, 250) i")
        locks.send("BEGIN")
        locks.send("SELECT pg_advisory_xact_lock(727171, hashtext('alice'))")
        locks.send("LOCK TABLE baton.schema_version IN ACCESS SHARE MODE")
        // The strongest table locks an account may take (INSERT's): they stall nobody.
        for table in ServerRoles.rowTables { locks.send("LOCK TABLE baton.\(table) IN ROW EXCLUSIVE MODE") }
        // Listening on every name alice's doorbells ever had.
        let listener = try PsqlSession(url: tenants.bob)
        let oldNames = ["baton_kv_alice", "baton_ho_alice"]
        for name in oldNames { listener.send("LISTEN \(name)") }
        #expect(
            try await tenants.machines.settled("bob's locks held") {
                let held = try tenants.admin(
                    "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted")
                return (Int(held) ?? 0) >= 1_500
            })
        // A flood on those names while alice changes a key.
        let flood = Task.detached {
            try tenants.server.psql(
                url: tenants.bob,
                """
                SELECT count(pg_notify(c, i::text)) FROM generate_series(1, 5000) i,
                    (VALUES ('baton_kv_alice'), ('baton_ho_alice'), ('baton_kv_bob')) v(c)
                """)
        }
        let crossed = try await tenants.aliceChangeCrosses("favoritesIdentifiers", "under-bobs-locks")
        _ = try await flood.value
        print("alice's key-value change crossed in \(crossed) with bob holding every advisory lock and flooding")
        let heard = try await listener.finish()
        let fromAlice = heard.split(separator: "\n").filter {
            $0.contains("Asynchronous notification")
                && $0.range(of: #"payload "\d+""#, options: .regularExpression) == nil
        }
        #expect(fromAlice.isEmpty, "bob heard: \(fromAlice.prefix(3))")
        let lockOutput = try await locks.finish()
        #expect(!lockOutput.contains("ERROR"), "\(lockOutput)")
    }

    /// A flood on alice's real doorbell (only her role, which holds the key, can name it): her links read a few
    /// times, not once per ring (10 000 reads before the pulls were coalesced).
    @Test func aFloodOnAlicesOwnDoorbellCostsAFewReads() async throws {
        let tenants = try Self.tenants()
        defer { tenants.tearDown() }
        _ = try await tenants.aliceChangeCrosses("warm", "up")
        let keyFile = tenants.machines.home("laptop").appendingPathComponent("state/account.key")
        let key = try AccountKey(text: try String(contentsOf: keyFile, encoding: .utf8))
        let channel = Doorbells.channel("kv", owner: "alice", key: key)
        let before = try await settledScans(tenants)
        try tenants.server.psql(
            url: tenants.alice, "SELECT count(pg_notify('\(channel)', 'kv')) FROM generate_series(1, 5000) i")
        let crossed = try await tenants.aliceChangeCrosses("favoritesIdentifiers", "after-the-flood")
        let reads = try await settledScans(tenants) - before
        print(
            "5 000 doorbells to alice's two links: \(reads) reads of her key-value rows; the change crossed in \(crossed)"
        )
        #expect(reads < 100, "the flood cost \(reads) reads")
    }

    /// Scans of `baton.key_values` (every role's reads), once the backends' statistics stop moving (they reach
    /// the server's counters within PostgreSQL's 10 s idle flush).
    func settledScans(_ tenants: Tenants) async throws -> Int {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(120)
        var last = -1
        var stableSince = clock.now
        while clock.now < deadline {
            let scans =
                Int(
                    try tenants.admin(
                        "SELECT seq_scan + coalesce(idx_scan, 0) FROM pg_stat_user_tables WHERE relname = 'key_values'"
                    )) ?? 0
            if scans != last {
                last = scans
                stableSince = clock.now
            } else if clock.now - stableSince >= .seconds(12) {
                return scans
            }
            try await Task.sleep(for: .seconds(1))
        }
        return last
    }
}
