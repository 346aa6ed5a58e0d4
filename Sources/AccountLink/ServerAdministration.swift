import Crypto
import Foundation
import Logging
import PostgresNIO

/// `baton server init|add-account|remove-account`, run by whoever runs the server with a superuser's URL: the
/// shared shape (`ServerRoles`) that lets accounts trust the server and each other.
public struct ServerAdministration: Sendable {
    let address: ServerAddress
    let logger: Logger

    public init(adminURL: String, logger: Logger) throws(AccountLinkError) {
        address = try ServerAddress(url: adminURL)
        self.logger = logger
    }

    /// Creates the roles and the schema (or brings an existing one to this Baton's version), gives the schema to
    /// the owner role, the rows to the accounts' group, forces row security on every table and takes everything
    /// from PUBLIC. An account made by an older `account create` (whose role owned the schema) stays, as a member
    /// of the group. Returns what it did, a line each.
    public func initialize() async throws(AccountLinkError) -> [String] {
        let logger = logger
        let database = address.database
        return try await ServerSession.with(address, logger: logger) { connection in
            try await Self.requireSuperuser(connection, logger: logger)
            let before = try await ServerSchema.version(connection, logger: logger)
            let formerOwner = try await connection.query(
                "SELECT nspowner::regrole::text FROM pg_namespace WHERE nspname = 'baton'", logger: logger
            ).collect().first?.decode(String.self)
            for role in [ServerRoles.owner, ServerRoles.accounts] {
                let exists = try await connection.query(
                    "SELECT 1 FROM pg_roles WHERE rolname = \(role)", logger: logger
                ).collect()
                let name = ServerRoles.quoted(role)
                if exists.isEmpty { try await run("CREATE ROLE \(name) NOLOGIN", connection, logger) }
                try await run(
                    "ALTER ROLE \(name) NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE", connection, logger)
            }
            try await ServerSchema.migrate(connection, logger: logger)
            let accounts = try await ServerErrors.describing("cannot give the schema to \(ServerRoles.owner)") {
                try await connection.withTransaction(logger: logger) { connection in
                    for statement in ServerRoles.shape(database: database) {
                        try await run(statement, connection, logger)
                    }
                    // Accounts made before the server had its operator: members of the group now.
                    var accounts: [String] = []
                    for try await (role, strong) in try await connection.query(
                        """
                        SELECT a.owner::text, r.rolsuper OR r.rolbypassrls FROM baton.accounts a
                        JOIN pg_roles r ON r.rolname = a.owner ORDER BY a.owner
                        """, logger: logger
                    ).decode((String, Bool).self) {
                        accounts.append(
                            role + (strong ? " (a superuser or BYPASSRLS role: it still sees every row)" : ""))
                        try await run(
                            "GRANT \(ServerRoles.quoted(ServerRoles.accounts)) TO \(ServerRoles.quoted(role))",
                            connection, logger)
                    }
                    return accounts
                }
            }
            var report = [
                before.map { "account schema version \($0) → \(ServerSchema.currentVersion)" }
                    ?? "account schema created (version \(ServerSchema.currentVersion))",
                "schema, tables and functions owned by \(ServerRoles.owner) (no login); row security forced on every "
                    + "table; nothing granted to PUBLIC",
            ]
            if let formerOwner, formerOwner != ServerRoles.owner {
                report.append("ownership taken from \(formerOwner)")
            }
            if !accounts.isEmpty {
                report.append("existing accounts now in \(ServerRoles.accounts): \(accounts.joined(separator: ", "))")
            }
            report.append("add an account: baton server add-account ADMIN-URL NAME")
            return report
        }
    }

    /// Creates `name`, a login role in the accounts' group with `password` (a generated one when nil); returns
    /// its URL (this server, this database, its password).
    public func addAccount(_ name: String, password: String?) async throws(AccountLinkError) -> String {
        guard ServerRoles.isAccountName(name) else {
            throw .usage(
                "'\(name.prefix(64))' is not an account name (lower-case letters, digits and _, at most 63 bytes)")
        }
        let password = password ?? Self.generatedPassword()
        guard !password.isEmpty, !password.contains("\0") else { throw .usage("the password is empty") }
        let logger = logger
        try await ServerSession.with(address, logger: logger) { connection in
            try await Self.requireSuperuser(connection, logger: logger)
            try await Self.requireGroup(connection, logger: logger)
            let exists = try await connection.query("SELECT 1 FROM pg_roles WHERE rolname = \(name)", logger: logger)
                .collect()
            guard exists.isEmpty else {
                throw AccountLinkError.failed("role \(name) exists already on this server; nothing was changed")
            }
            // The verifier, never the password: the operator's statement log and pg_stat_activity see only it.
            let verifier = try ScramVerifier.make(password)
            let literal = "'" + verifier.replacingOccurrences(of: "'", with: "''") + "'"
            try await run(
                "CREATE ROLE \(ServerRoles.quoted(name)) LOGIN PASSWORD \(literal) NOSUPERUSER NOBYPASSRLS NOCREATEDB "
                    + "NOCREATEROLE IN ROLE \(ServerRoles.quoted(ServerRoles.accounts))", connection, logger)
        }
        guard var components = URLComponents(string: address.url) else { return address.url }
        components.user = name
        components.password = password
        return components.string ?? address.url
    }

    /// Drops `name` (an account role of this server) and every row it wrote.
    public func removeAccount(_ name: String) async throws(AccountLinkError) -> String {
        let logger = logger
        return try await ServerSession.with(address, logger: logger) { connection in
            try await Self.requireSuperuser(connection, logger: logger)
            try await Self.requireGroup(connection, logger: logger)
            let member =
                try await connection.query(
                    // A direct member, not a superuser (for whom pg_has_role says yes to every role).
                    """
                    SELECT NOT r.rolsuper FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.member
                    JOIN pg_roles g ON g.oid = m.roleid WHERE r.rolname = \(name) AND g.rolname = \(ServerRoles.accounts)
                    """, logger: logger
                ).collect().first?.decode(Bool.self) ?? false
            guard member, ServerRoles.isAccountName(name) else {
                throw AccountLinkError.failed("role \(name) is not an account of this server; nothing was changed")
            }
            return try await connection.withTransaction(logger: logger) { connection in
                var rows = 0
                for table in ServerRoles.rowTables {
                    let result =
                        try await connection.query(
                            PostgresQuery(
                                unsafeSQL: "WITH gone AS (DELETE FROM baton.\(table) WHERE owner = $1 RETURNING 1) "
                                    + "SELECT count(*)::int FROM gone", binds: Self.binds(name)), logger: logger
                        ).collect().first?.decode(Int.self) ?? 0
                    rows += result
                }
                try await run("DROP OWNED BY \(ServerRoles.quoted(name))", connection, logger)
                try await run("DROP ROLE \(ServerRoles.quoted(name))", connection, logger)
                return "removed account \(name) and its \(rows) row\(rows == 1 ? "" : "s")"
            }
        }
    }

    /// 24 random bytes, base64url (no character a URL must escape).
    static func generatedPassword() -> String {
        SymmetricKey(size: .bits192).withUnsafeBytes { Data($0) }.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func binds(_ value: String) -> PostgresBindings {
        var binds = PostgresBindings()
        binds.append(value)
        return binds
    }

    private static func requireSuperuser(_ connection: PostgresConnection, logger: Logger) async throws {
        let row = try await connection.query(
            "SELECT current_user::text, rolsuper FROM pg_roles WHERE rolname = current_user", logger: logger
        ).collect().first
        let (role, superuser) = try row?.decode((String, Bool).self) ?? ("this role", false)
        guard superuser else {
            throw AccountLinkError.failed(
                "baton server needs a superuser's URL (the role that runs the server); \(role) is not one; "
                    + "nothing was changed")
        }
    }

    private static func requireGroup(_ connection: PostgresConnection, logger: Logger) async throws {
        let exists = try await connection.query(
            "SELECT 1 FROM pg_roles WHERE rolname = \(ServerRoles.accounts)", logger: logger
        ).collect()
        guard !exists.isEmpty else {
            throw AccountLinkError.failed("this server has no Baton roles yet; run baton server init ADMIN-URL first")
        }
    }
}

/// Runs one statement Baton wrote (no user input in it but quoted identifiers).
private func run(_ statement: String, _ connection: PostgresConnection, _ logger: Logger) async throws {
    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
}
