import Foundation
import Logging
import PostgresNIO

/// The account tables on the server, created by numbered migrations (as the local SQLite store's). Every row
/// carries its account — the database role that wrote it — and row-level security, forced on the tables' owner
/// too, lets each role see and change only its own rows: many accounts share one server, none reads another's.
public enum ServerSchema {
    /// The migrations, in order; `version` is how many have run.
    static let migrations: [[String]] = [
        [
            "CREATE SCHEMA IF NOT EXISTS baton",
            "CREATE TABLE baton.schema_version (version integer NOT NULL)",
            "INSERT INTO baton.schema_version VALUES (0)",
            """
            CREATE TABLE baton.accounts (
                owner name PRIMARY KEY DEFAULT current_user,
                key_check bytea NOT NULL,
                created_at timestamptz NOT NULL DEFAULT now())
            """,
            """
            CREATE TABLE baton.machines (
                owner name NOT NULL DEFAULT current_user,
                machine text NOT NULL,
                joined_at timestamptz NOT NULL DEFAULT now(),
                seen_at timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (owner, machine))
            """,
            """
            CREATE TABLE baton.key_values (
                owner name NOT NULL DEFAULT current_user,
                key text NOT NULL,
                sealed bytea,
                size integer NOT NULL,
                machine text NOT NULL,
                seq bigint NOT NULL,
                written_at timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (owner, key))
            """,
            "CREATE SEQUENCE baton.change_seq",
            "CREATE INDEX key_values_seq ON baton.key_values (owner, seq)",
            "GRANT USAGE ON SCHEMA baton TO PUBLIC",
            "GRANT SELECT ON baton.schema_version TO PUBLIC",
            "GRANT SELECT, INSERT, UPDATE, DELETE ON baton.accounts, baton.machines, baton.key_values TO PUBLIC",
            "GRANT USAGE ON SEQUENCE baton.change_seq TO PUBLIC",
        ]
            + ownRowsOnly(["accounts", "machines", "key_values"]),
        // 2: the devices each machine's daemon serves (names only: what routing and `status` need).
        [
            """
            CREATE TABLE baton.devices (
                owner name NOT NULL DEFAULT current_user,
                machine text NOT NULL,
                device text NOT NULL,
                seen_at timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (owner, machine, device))
            """,
            "GRANT SELECT, INSERT, UPDATE, DELETE ON baton.devices TO PUBLIC",
        ]
            + ownRowsOnly(["devices"]),
        // 3: pushes for other machines' devices: routing in the clear (app, target device or NULL for every
        // device, size, expiration, timestamps), the push itself sealed.
        [
            """
            CREATE TABLE baton.pushes (
                owner name NOT NULL DEFAULT current_user,
                id text NOT NULL,
                seq bigint NOT NULL,
                from_machine text NOT NULL,
                bundle text NOT NULL,
                target_device text,
                sealed bytea NOT NULL,
                size integer NOT NULL,
                immediate boolean NOT NULL,
                expires_at timestamptz,
                created_at timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (owner, id))
            """,
            "CREATE INDEX pushes_seq ON baton.pushes (owner, seq)",
            "GRANT SELECT, INSERT, UPDATE, DELETE ON baton.pushes TO PUBLIC",
        ]
            + ownRowsOnly(["pushes"]),
        // 4: handoff across machines: each device's current offer (routing in plain, the advertisement sealed) and
        // the mail between machines' links (continue requests, payloads, stream chunks: routing in plain, the rest
        // sealed), both ordered by the server's change numbers.
        [
            """
            CREATE TABLE baton.offers (
                owner name NOT NULL DEFAULT current_user,
                machine text NOT NULL,
                device text NOT NULL,
                apps text NOT NULL,
                bundle text,
                team text,
                activity_type text,
                sequence bigint,
                sealed bytea,
                size integer NOT NULL DEFAULT 0,
                seq bigint NOT NULL,
                updated_at timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (owner, machine, device))
            """,
            "CREATE INDEX offers_seq ON baton.offers (owner, seq)",
            """
            CREATE TABLE baton.handoff_mail (
                owner name NOT NULL DEFAULT current_user,
                seq bigint NOT NULL,
                id text NOT NULL,
                from_machine text NOT NULL,
                to_machine text NOT NULL,
                header text NOT NULL,
                sealed bytea,
                size integer NOT NULL DEFAULT 0,
                created_at timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (owner, seq))
            """,
            "CREATE INDEX handoff_mail_to ON baton.handoff_mail (owner, to_machine, seq)",
            "GRANT SELECT, INSERT, UPDATE, DELETE ON baton.offers, baton.handoff_mail TO PUBLIC",
        ]
            + ownRowsOnly(["offers", "handoff_mail"]),
        // 5: each machine's identifier (its home's `machine-id`), so two homes with one name are told apart.
        ["ALTER TABLE baton.machines ADD COLUMN machine_id text"],
        // 6: a shared server that accounts can trust: per-account change numbers (the account's own row, locked by
        // `next_change` until the transaction ends, orders its writes; row security hides it from every other
        // role) instead of a global sequence and advisory locks; the version row readable under forced security.
        [
            "ALTER TABLE baton.accounts ADD COLUMN last_change bigint NOT NULL DEFAULT 0",
            // Each account's numbers go on above every number the global sequence gave (cursors stay valid).
            "UPDATE baton.accounts SET last_change = (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM baton.change_seq)",
            """
            CREATE FUNCTION baton.next_change() RETURNS bigint LANGUAGE sql VOLATILE
            SET search_path = pg_catalog, pg_temp
            AS $$ UPDATE baton.accounts SET last_change = last_change + 1 WHERE owner = current_user
                RETURNING last_change $$
            """,
            "DROP SEQUENCE baton.change_seq",
            "ALTER TABLE baton.schema_version ENABLE ROW LEVEL SECURITY",
            "ALTER TABLE baton.schema_version FORCE ROW LEVEL SECURITY",
            "CREATE POLICY every_role ON baton.schema_version USING (true)",
        ],
        // 7: deletes and numbering through functions, no table-wide UPDATE or DELETE for accounts (`accountWrites`).
        accountWrites,
        // 8: machine and device names, apps and activity types sealed; pushes kept until read (`sealedNames`).
        sealedNames,
        // 9: each machine's mark, the newest revision of its daemon's store it has written: a key-value write sent
        // again (its answer lost after the commit) is written once (`KeyValueBridge.pushOnce`).
        [
            "ALTER TABLE baton.machines ADD COLUMN kv_store text",
            "ALTER TABLE baton.machines ADD COLUMN kv_revision bigint NOT NULL DEFAULT 0",
        ],
        // 10: what the server holds of each machine, so backups and failovers are ordinary faults
        // (`KeyValueBridge.checkHistory`): how far the machine has read (NULL until it says), and a keyed digest of
        // the write at its mark (NULL for marks written before).
        [
            "ALTER TABLE baton.machines ADD COLUMN kv_read bigint",
            "ALTER TABLE baton.machines ADD COLUMN kv_digest text",
        ],
    ]

    /// Row-level security on `tables`, forced on their owner too: each role sees and changes only its own rows.
    static func ownRowsOnly(_ tables: [String]) -> [String] {
        tables.flatMap { table in
            [
                "ALTER TABLE baton.\(table) ENABLE ROW LEVEL SECURITY",
                "ALTER TABLE baton.\(table) FORCE ROW LEVEL SECURITY",
                "CREATE POLICY own_rows ON baton.\(table) USING (owner = current_user) WITH CHECK (owner = current_user)",
            ]
        }
    }

    /// The schema version this build writes and reads.
    public static var currentVersion: Int { migrations.count }

    /// Brings the schema up to `currentVersion` (one transaction; the version row's table locked, no advisory
    /// lock: a lock any role could take is one another account could hold); refuses a schema from a newer Baton,
    /// and says who can upgrade one this role may not change (the operator, with `baton server init`).
    public static func migrate(_ connection: PostgresConnection, logger: Logger) async throws(AccountLinkError) {
        let known = try await version(connection, logger: logger)
        if let known, known >= currentVersion {
            guard known == currentVersion else { throw newer(known) }
            return
        }
        let refusal =
            known.map { "the server's account schema is version \($0) and this Baton needs \(currentVersion)" }
            ?? "the server has no account schema"
        let who = "; the server's operator sets it up with baton server init ADMIN-URL"
        try await ServerErrors.describing(
            "cannot prepare the account schema", refused: refusal + " and this account's role may not change it" + who
        ) {
            try await connection.withTransaction(logger: logger) { connection in
                var version = 0
                if try await exists(connection, logger: logger) {
                    try await connection.query(
                        "LOCK TABLE baton.schema_version IN SHARE ROW EXCLUSIVE MODE", logger: logger)
                    version =
                        try await connection.query("SELECT version FROM baton.schema_version", logger: logger)
                        .collect().first?.decode(Int.self) ?? 0
                }
                guard version <= currentVersion else { throw newer(version) }
                for (index, statements) in migrations.enumerated() where index >= version {
                    for statement in statements {
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                    }
                    try await connection.query(
                        "UPDATE baton.schema_version SET version = \(index + 1)", logger: logger)
                }
            }
        }
    }

    /// The schema's version, nil when there is no schema yet.
    static func version(_ connection: PostgresConnection, logger: Logger) async throws(AccountLinkError) -> Int? {
        try await ServerErrors.describing("cannot read the account schema's version") {
            guard try await exists(connection, logger: logger) else { return nil }
            return try await connection.query("SELECT version FROM baton.schema_version", logger: logger)
                .collect().first?.decode(Int.self) ?? 0
        }
    }

    private static func exists(_ connection: PostgresConnection, logger: Logger) async throws -> Bool {
        try await connection.query("SELECT to_regclass('baton.schema_version') IS NOT NULL", logger: logger)
            .collect().first?.decode(Bool.self) ?? false
    }

    private static func newer(_ version: Int) -> AccountLinkError {
        .failed(
            "the server's account schema is version \(version), from a newer Baton (this one knows "
                + "\(currentVersion)); upgrade Baton on this machine")
    }
}

/// Turns what postgres-nio throws into one line: the server's own message where there is one.
enum ServerErrors {
    /// As `describing`, but a refusal for want of privilege (SQLSTATE 42501) is told by `refused`.
    static func describing<T>(
        _ context: String, refused: String, _ body: () async throws -> T
    ) async throws(AccountLinkError) -> T {
        do {
            return try await body()
        } catch let error as PostgresTransactionError {
            if let inner = error.closureError as? AccountLinkError { throw inner }
            if sqlState(error.closureError ?? error.beginError ?? error.commitError) == "42501" {
                throw .failed(refused)
            }
            throw .failed("\(context): \(describe(error))")
        } catch let error as AccountLinkError {
            throw error
        } catch {
            if sqlState(error) == "42501" { throw .failed(refused) }
            throw .failed("\(context): \(describe(error))")
        }
    }

    /// The server's SQLSTATE of `error`, if it is one of the server's.
    static func sqlState(_ error: (any Error)?) -> String? {
        (error as? PSQLError)?.serverInfo?[.sqlState]
    }

    static func describing<T>(_ context: String, _ body: () async throws -> T) async throws(AccountLinkError) -> T {
        do {
            return try await body()
        } catch let error as AccountLinkError {
            throw error
        } catch let error as PostgresTransactionError {
            if let inner = error.closureError as? AccountLinkError { throw inner }
            throw .failed("\(context): \(describe(error))")
        } catch {
            throw .failed("\(context): \(describe(error))")
        }
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? AccountLinkError { return error.description }
        if let transaction = error as? PostgresTransactionError {
            // The error inside the transaction, not the wrapper (its file and line mean nothing to a user).
            if let inner = transaction.closureError ?? transaction.beginError ?? transaction.commitError {
                return describe(inner)
            }
            return transaction.rollbackError.map(describe) ?? "the transaction failed"
        }
        guard let error = error as? PSQLError else { return "\(error)" }
        if let message = error.serverInfo?[.message] {
            switch error.serverInfo?[.sqlState] {
            case "28P01", "28000": return message + "; check the user and password in the URL"
            case "3D000": return message + "; create it (createdb) or fix the database name in the URL"
            default: return message
            }
        }
        switch error.code {
        case .sslUnsupported:
            return "TLS is required (sslmode) but the server does not offer it; enable ssl on the server, "
                + "or use sslmode=prefer or sslmode=disable in the URL"
        case .connectionError, .serverClosedConnection, .uncleanShutdown:
            return "cannot reach the server (\(oneLine(error.underlying))); check that it runs and the URL's host "
                + "and port"
        default:
            return "\(error.code)" + (error.underlying.map { ": \(oneLine($0))" } ?? "")
        }
    }

    /// The first line of an underlying error, a refusal named plainly.
    private static func oneLine(_ error: (any Error)?) -> String {
        guard let error else { return "connection failed" }
        let text = "\(error)"
        if text.contains("connectionRefused") || text.contains("Connection refused") { return "connection refused" }
        return text.split(separator: "\n").first.map(String.init) ?? text
    }
}
