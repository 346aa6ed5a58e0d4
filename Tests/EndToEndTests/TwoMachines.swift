import Foundation
import TestSupport

/// Two machines of one account: homes "laptop" and "server" (two BATON_HOMEs, so two daemons and two links)
/// joined to an account of role alice on a real PostgreSQL started for the test.
final class TwoMachines {
    let postgres: TestPostgres
    let laptop: BatonFixture
    let server: BatonFixture

    init() async throws {
        postgres = try TestPostgres()
        try postgres.createRole("alice", password: "a-pass")
        let url = postgres.url(role: "alice", password: "a-pass")
        laptop = try await BatonFixture()
        server = try await BatonFixture()
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
