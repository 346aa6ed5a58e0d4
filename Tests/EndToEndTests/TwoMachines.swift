import Foundation
import TestSupport

/// Two machines of one account: homes "laptop" and "server" (two BATON_HOMEs, so two daemons and two links)
/// joined to an account of role alice on a real PostgreSQL started for the test and set up as the README tells an
/// operator (`baton server init`, `baton server add-account`).
final class TwoMachines {
    let postgres: TestPostgres
    let laptop: BatonFixture
    let server: BatonFixture

    init() async throws {
        postgres = try TestPostgres()
        let url = postgres.url(role: "alice", password: "a-pass")
        laptop = try await BatonFixture()
        server = try await BatonFixture()
        let password = laptop.home.appendingPathComponent("alice.password")
        try "a-pass".write(to: password, atomically: true, encoding: .utf8)
        try Shell.run(laptop.binary, ["server", "init", postgres.adminURL()], environment: laptop.environment)
        try Shell.run(
            laptop.binary, ["server", "add-account", postgres.adminURL(), "alice", "--password-file", password.path],
            environment: laptop.environment)
        try Shell.run(
            laptop.binary, ["account", "create", url, "--machine", "laptop"], environment: laptop.environment)
        let key = laptop.home.appendingPathComponent("state/account.key").path
        try Shell.run(
            server.binary, ["account", "join", url, "--key-file", key, "--machine", "server"],
            environment: server.environment)
    }

    /// Stops the server (the homes go with their fixtures).
    func remove() { postgres.remove() }
}
