import Foundation

@testable import AccountLink

extension LinkedMachines {
    /// The server's route of key-value key `name` for `owner` (`KeyValueRow`: names never reach the server), with
    /// the key `machine` holds.
    func route(_ name: String, owner: String = "alice", machine: String = "laptop") throws -> String {
        let file = home(machine).appendingPathComponent("state/account.key")
        let key = try AccountKey(text: try String(contentsOf: file, encoding: .utf8))
        return KeyValueRow.route(name, owner: owner, key: key)
    }
}

extension LinkedMachines {
    /// The name of the machine (of `candidates`) whose route (`Routes`: machine names never reach the server) is
    /// `route`; `route` itself when none is.
    func machine(route: String, owner: String = "alice", candidates: [String] = ["laptop", "server"]) throws -> String {
        let file = home("laptop").appendingPathComponent("state/account.key")
        let key = try AccountKey(text: try String(contentsOf: file, encoding: .utf8))
        return candidates.first { Routes.machine($0, owner: owner, key: key) == route } ?? route
    }
}

extension LinkedMachines {
    /// The server's route of machine `name` (`Routes`), with the key the laptop holds.
    func route(machine name: String, owner: String = "alice") throws -> String {
        let file = home("laptop").appendingPathComponent("state/account.key")
        let key = try AccountKey(text: try String(contentsOf: file, encoding: .utf8))
        return Routes.machine(name, owner: owner, key: key)
    }
}
