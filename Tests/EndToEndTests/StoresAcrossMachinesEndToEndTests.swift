import Foundation
import TestSupport
import Testing

/// Stores on two machines ("laptop" and "server": two BATON_HOMEs, two daemons) joined to one account on a real
/// PostgreSQL: a favourite marked on one shows on the other with no key pressed there.
@Suite(.serialized) struct StoresAcrossMachinesEndToEndTests {
    @Test func aFavouriteMarkedOnOneMachineShowsOnTheOther() throws {
        let machines = try TwoMachines()
        defer { machines.remove() }
        let (server, laptop, other) = (machines.postgres, machines.laptop, machines.server)

        let a = try TmuxSession(command: laptop.suiteCommand("--device alpha"), environment: laptop.environment)
        defer { a.close() }
        let b = try TmuxSession(command: other.suiteCommand("--device beta"), environment: other.environment)
        defer { b.close() }
        try StoresFavouriteFlow.markUnionSquareOnAAndSeeItOnB(a, b, timeout: 60)
        // Each machine's link publishes its daemon's devices: the account's status lists both suites.
        let deadline = Date().addingTimeInterval(60)
        var status = ""
        while Date() < deadline {
            status = try Shell.run(laptop.binary, ["account", "status"], environment: laptop.environment)
            if status.contains("devices: alpha") && status.contains("devices: beta") { break }
            Thread.sleep(forTimeInterval: 0.2)
        }
        #expect(status.contains("devices: alpha"), "\(status)")
        #expect(status.contains("devices: beta"), "\(status)")
        let rows = try server.psql(database: "baton", "SELECT encode(sealed, 'escape') FROM baton.key_values")
        #expect(!rows.isEmpty)
        #expect(!rows.contains("unionsquare"))
    }
}
