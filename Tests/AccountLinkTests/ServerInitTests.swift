import Foundation
import TestSupport
import Testing

@testable import AccountLink

/// `baton server init|add-account|remove-account` on a real PostgreSQL, and `account create` refusing a role
/// that could read every other account's rows.
@Suite(.serialized) struct ServerInitTests {
    static func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// A schema of `version` made as the `account create` of before made it: by role alice, which owns it; her URL.
    static func schemaOwnedByAlice(_ server: TestPostgres, version: Int) throws -> String {
        try server.createRole("alice", password: "a-pass")
        let alice = server.url(role: "alice", password: "a-pass")
        for statement in ServerSchema.migrations.prefix(version).joined() { try server.psql(url: alice, statement) }
        try server.psql(url: alice, "UPDATE baton.schema_version SET version = \(version)")
        return alice
    }

    @Test func initGivesTheSchemaToANoLoginOwnerAndAccountsOnlyRows() throws {
        let server = try TestPostgres()
        defer { server.remove() }
        let machines = try LinkedMachines()
        defer { machines.tearDown() }
        let first = try machines.baton("operator", ["server", "init", server.adminURL()])
        #expect(first.status == 0, "\(first.output)")
        #expect(first.output.contains("account schema created"), "\(first.output)")
        // Again: nothing to do, nothing broken.
        let again = try machines.baton("operator", ["server", "init", server.adminURL()])
        #expect(again.status == 0, "\(again.output)")

        let roles = try server.psql(
            database: "baton",
            """
            SELECT string_agg(rolname || ':' || rolcanlogin || rolsuper || rolbypassrls || rolcreaterole
                || rolcreatedb, ',' ORDER BY rolname) FROM pg_roles WHERE rolname LIKE 'baton\\_%'
            """)
        #expect(Self.trimmed(roles) == "baton_accounts:falsefalsefalsefalsefalse,baton_owner:falsefalsefalsefalsefalse")
        let owners = try server.psql(
            database: "baton",
            """
            SELECT string_agg(DISTINCT pg_get_userbyid(owner), ',') FROM (
                SELECT nspowner AS owner FROM pg_namespace WHERE nspname = 'baton'
                UNION ALL SELECT relowner FROM pg_class WHERE relnamespace = 'baton'::regnamespace
                UNION ALL SELECT proowner FROM pg_proc WHERE pronamespace = 'baton'::regnamespace) o
            """)
        #expect(Self.trimmed(owners) == "baton_owner")
        // Nothing in the schema is granted to PUBLIC (grantee 0), and every table's security is forced.
        let publicGrants = try server.psql(
            database: "baton",
            """
            SELECT count(*) FROM (
                SELECT (aclexplode(relacl)).grantee FROM pg_class WHERE relnamespace = 'baton'::regnamespace
                UNION ALL SELECT (aclexplode(nspacl)).grantee FROM pg_namespace WHERE nspname = 'baton'
                UNION ALL SELECT (aclexplode(proacl)).grantee FROM pg_proc WHERE pronamespace = 'baton'::regnamespace
            ) g WHERE grantee = 0
            """)
        #expect(Self.trimmed(publicGrants) == "0")
        let unforced = try server.psql(
            database: "baton",
            """
            SELECT count(*) FROM pg_class WHERE relnamespace = 'baton'::regnamespace AND relkind = 'r'
                AND NOT (relrowsecurity AND relforcerowsecurity)
            """)
        #expect(Self.trimmed(unforced) == "0")

        // add-account: a generated password in a URL that works; the same name again, or a bad one, refused.
        let added = try machines.baton("operator", ["server", "add-account", server.adminURL(), "alice"])
        #expect(added.status == 0, "\(added.output)")
        let url = Self.trimmed(added.output)
        #expect(url.hasPrefix("postgres://alice:") && url.contains("@127.0.0.1:\(server.port)/baton"), "\(url)")
        #expect(Self.trimmed(try server.psql(url: url, "SELECT current_user")) == "alice")
        let twice = try machines.baton("operator", ["server", "add-account", server.adminURL(), "alice"])
        #expect(twice.status == 1)
        #expect(twice.output.contains("exists already"), "\(twice.output)")
        #expect(
            try machines.baton("operator", ["server", "add-account", server.adminURL(), "Robert'); --"]).status == 64)
        // Not a superuser: refused with one line.
        let notAdmin = try machines.baton("operator", ["server", "init", url])
        #expect(notAdmin.status == 1)
        #expect(notAdmin.output.contains("needs a superuser"), "\(notAdmin.output)")

        // The account works; remove-account takes the role and its rows.
        let created = try machines.baton("laptop", ["account", "create", url, "--machine", "laptop"])
        #expect(created.status == 0, "\(created.output)")
        let removed = try machines.baton("operator", ["server", "remove-account", server.adminURL(), "alice"])
        #expect(removed.status == 0, "\(removed.output)")
        #expect(removed.output.contains("removed account alice and its"), "\(removed.output)")
        #expect(
            Self.trimmed(try server.psql(database: "baton", "SELECT count(*) FROM pg_roles WHERE rolname = 'alice'"))
                == "0")
        #expect(Self.trimmed(try server.psql(database: "baton", "SELECT count(*) FROM baton.machines")) == "0")
        let notAnAccount = try machines.baton("operator", ["server", "remove-account", server.adminURL(), "admin"])
        #expect(notAnAccount.status == 1)
        #expect(notAnAccount.output.contains("not an account of this server"), "\(notAnAccount.output)")
    }

    @Test func createRefusesARoleThatWouldOwnTheSchemaOrBypassRowSecurity() throws {
        let server = try TestPostgres()
        defer { server.remove() }
        let machines = try LinkedMachines()
        defer { machines.tearDown() }
        // An empty database and a role that may create schemas: it would own the account schema.
        try server.createRole("solo", password: "s-pass")
        let solo = server.url(role: "solo", password: "s-pass")
        let refused = try machines.baton("laptop", ["account", "create", solo, "--machine", "laptop"])
        #expect(refused.status == 1)
        #expect(refused.output.split(separator: "\n").count == 1, "\(refused.output)")
        #expect(refused.output.contains("would own the account schema"), "\(refused.output)")
        #expect(refused.output.contains("baton server init"), "\(refused.output)")
        #expect(Self.trimmed(try server.psql(database: "baton", "SELECT to_regclass('baton.accounts') IS NULL")) == "t")
        // The user's own server: said so, it is made (and its role owns it).
        let own = try machines.baton(
            "laptop", ["account", "create", solo, "--machine", "laptop", "--single-account-server"])
        #expect(own.status == 0, "\(own.output)")
        #expect(try machines.baton("laptop", ["account", "leave"]).status == 0)

        // A role of the group that can bypass row security: refused too.
        #expect(try machines.baton("operator", ["server", "init", server.adminURL()]).status == 0)
        try server.psql(
            database: "baton",
            "CREATE ROLE carol LOGIN PASSWORD 'c-pass' BYPASSRLS IN ROLE baton_accounts")
        let bypass = try machines.baton(
            "other", ["account", "create", server.url(role: "carol", password: "c-pass"), "--machine", "other"])
        #expect(bypass.status == 1)
        #expect(bypass.output.contains("can bypass row security"), "\(bypass.output)")
        // And solo, whose schema init took: no longer its owner, it reads no other account's rows.
        #expect(throws: TestPostgresFailure.self) {
            try server.psql(url: solo, "ALTER TABLE baton.key_values NO FORCE ROW LEVEL SECURITY")
        }
    }

    /// A server made by the `account create` of before (schema version 5, owned by the first account's role,
    /// one global change sequence): `server init` takes the schema from it and keeps every account's numbers
    /// above what the sequence gave.
    @Test func initMigratesAServerTheFirstAccountOwned() throws {
        let server = try TestPostgres()
        defer { server.remove() }
        let machines = try LinkedMachines()
        defer { machines.tearDown() }
        let alice = try Self.schemaOwnedByAlice(server, version: 5)
        try server.psql(url: alice, "INSERT INTO baton.accounts (key_check) VALUES ('\\x00')")
        for name in ["a", "b", "c"] {
            try server.psql(
                url: alice,
                "INSERT INTO baton.key_values (key, size, machine, seq) VALUES ('\(name)', 0, 'm', nextval('baton.change_seq'))"
            )
        }
        let initialized = try machines.baton("operator", ["server", "init", server.adminURL()])
        #expect(initialized.status == 0, "\(initialized.output)")
        #expect(initialized.output.contains("version 5 → \(ServerSchema.currentVersion)"), "\(initialized.output)")
        #expect(initialized.output.contains("ownership taken from alice"), "\(initialized.output)")
        #expect(initialized.output.contains("existing accounts now in baton_accounts: alice"), "\(initialized.output)")
        #expect(
            Self.trimmed(
                try server.psql(database: "baton", "SELECT nspowner::regrole FROM pg_namespace WHERE nspname = 'baton'")
            )
                == "baton_owner")
        // alice keeps her rows and numbers on after the sequence's; she can no longer lift row security.
        #expect(Self.trimmed(try server.psql(url: alice, "SELECT count(*) FROM baton.key_values")) == "3")
        #expect(Self.trimmed(try server.psql(url: alice, "SELECT baton.next_change()")) == "4")
        #expect(throws: TestPostgresFailure.self) {
            try server.psql(url: alice, "ALTER TABLE baton.key_values NO FORCE ROW LEVEL SECURITY")
        }
        #expect(throws: TestPostgresFailure.self) { try server.psql(url: alice, "DROP SCHEMA baton CASCADE") }
    }
}
