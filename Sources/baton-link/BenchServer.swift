import AccountLink
import Foundation
import LocalPostgres

/// The server a machines bench runs against: the user's (a URL of a role with no account yet) or a throwaway
/// cluster this process starts from Debian's `postgresql` package (`fsync` on, as a real server) and removes
/// afterwards; with `network`, the machines reach it over their veth links.
final class BenchServer: @unchecked Sendable {
    /// The URL this process uses (loopback for a throwaway cluster).
    let url: String
    /// The cluster, when this process started one (its administrator can make roles).
    let cluster: ThrowawayPostgres?
    let network: BenchNetwork?

    static let role = "bench"
    static let password = "bench-pass"

    /// The user's server.
    init(givenURL: String) {
        url = givenURL
        cluster = nil
        network = nil
    }

    /// A throwaway cluster (its accounts made by `shareAccounts`); with `namespacedMachines`, each of those machines in a network
    /// namespace of its own behind a veth link to the server; `settings` are further server settings.
    init(namespacedMachines: [String], settings: [String: String] = [:]) throws {
        let network = try namespacedMachines.isEmpty ? nil : BenchNetwork(machines: namespacedMachines)
        let made: ThrowawayPostgres
        do {
            made = try ThrowawayPostgres(
                fsync: true, listenAddresses: network?.serverAddresses ?? [], settings: settings)
            if let network {
                try made.allowClients(from: network.clientNetwork)
                made.stop()
                try made.start()
            }
        } catch {
            network?.tearDown()
            throw AccountLinkError.failed("cannot start a throwaway PostgreSQL: \(error)")
        }
        cluster = made
        self.network = network
        url = made.url(role: Self.role, password: Self.password)
    }

    /// On a throwaway cluster: `baton server init` and an account role for each of `roles` (password
    /// `password`), as an operator makes them; `run` runs `baton` with the given arguments.
    func shareAccounts(
        _ roles: [String], password: String = BenchServer.password, directory: URL, run: ([String]) throws -> Void
    ) throws {
        guard let cluster else { return }
        try run(["server", "init", cluster.adminURL()])
        let file = directory.appendingPathComponent("account.password")
        try password.write(to: file, atomically: true, encoding: .utf8)
        for role in roles {
            try run(["server", "add-account", cluster.adminURL(), role, "--password-file", file.path])
        }
    }

    /// The URL `machine` uses as `role`: across its veth link when it has one.
    func url(for machine: String, role: String = BenchServer.role, password: String = BenchServer.password) -> String {
        guard let cluster else { return url }
        let host = network.flatMap { $0.machines.contains(machine) ? $0.serverAddress(machine) : nil } ?? "127.0.0.1"
        return "postgres://\(role):\(password)@\(host):\(cluster.port)/baton?sslmode=disable"
    }

    /// Machine → the network namespace it runs in.
    var namespaces: [String: String] {
        Dictionary(uniqueKeysWithValues: (network?.machines ?? []).map { ($0, network?.namespace($0) ?? "") })
    }

    /// Where the figures were measured, for the report.
    var setting: String {
        if network != nil { return "throwaway PostgreSQL, machines in network namespaces over veth links" }
        return cluster == nil ? "the given server" : "throwaway PostgreSQL on loopback"
    }

    func tearDown() {
        cluster?.remove()
        network?.tearDown()
    }
}
