import Foundation
import Logging
import PostgresNIO

/// The account tables on the server, created by numbered migrations (as the local SQLite store's). Every row
/// carries its account — the database role that wrote it — and row-level security, forced on the tables' owner
/// too, lets each role see and change only its own rows: many accounts share one server, none reads another's.
public enum ServerSchema {
    /// The migrations, in order; `version` is how many have run. Each is history (`ServerSchemaHistory.swift`):
    /// its own SQL, calling nothing that can change later; a change of schema is a new one at the end.
    static let migrations: [[String]] = [
        migration1, migration2, migration3, migration4, migration5, migration6, migration7, migration8, migration9,
        migration10,
    ]

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
