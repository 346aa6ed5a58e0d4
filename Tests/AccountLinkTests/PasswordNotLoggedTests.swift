import Foundation
import TestSupport
import Testing

@testable import AccountLink

/// Issue 36, finding 6: the operator's statement log held each account's password (`CREATE ROLE … PASSWORD` in the
/// clear). Now `add-account` sends a SCRAM-SHA-256 verifier worked out here: the server logs only that, and the
/// account logs in with its password as before.
@Suite(.serialized) struct PasswordNotLoggedTests {
    @Test func addAccountLeavesNoPasswordInTheServersLogAndTheAccountLogsIn() throws {
        let server = try TestPostgres(settings: ["log_statement": "all"])
        defer { server.remove() }
        let machines = try LinkedMachines()
        defer { machines.tearDown() }
        let password = "correct-horse-\(UUID().uuidString)"
        let url = try machines.tenant("alice", password: password, on: server)
        // The account logs in with its password (scram-sha-256 in pg_hba) and is who it says.
        let who = try server.psql(url: url, "SELECT current_user")
        #expect(who.trimmingCharacters(in: .whitespacesAndNewlines) == "alice")
        let log = try String(contentsOf: server.directory.appendingPathComponent("server.log"), encoding: .utf8)
        #expect(log.contains("CREATE ROLE"), "the statement log is on: \(log.suffix(300))")
        #expect(!log.contains(password))
        #expect(log.contains("SCRAM-SHA-256$4096:"))
    }

    /// The verifier is RFC 7677's: for a known salt it is what PostgreSQL's own `pg_authid` holds for the password
    /// (worked out by the server itself, below).
    @Test func theVerifierIsThePostgresOne() throws {
        let server = try TestPostgres()
        defer { server.remove() }
        try server.psql(
            database: "postgres",
            "SET password_encryption = 'scram-sha-256'; CREATE ROLE probe LOGIN PASSWORD 'p4ss-wörd'")
        let stored = try server.psql(database: "postgres", "SELECT rolpassword FROM pg_authid WHERE rolname = 'probe'")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let parts = stored.split(separator: "$")
        let salt = try #require(Data(base64Encoded: String(parts[1].split(separator: ":")[1])))
        #expect(try ScramVerifier.make("p4ss-wörd", salt: salt) == stored)
    }
}
