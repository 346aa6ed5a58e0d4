import Foundation
import TestSupport
import Testing

/// Stores on two machines ("laptop" and "server": two BATON_HOMEs, two daemons) joined to one account on a real
/// PostgreSQL: a favourite marked on one shows on the other with no key pressed there.
@Suite(.serialized) struct StoresAcrossMachinesEndToEndTests {
    @Test func aFavouriteMarkedOnOneMachineShowsOnTheOther() async throws {
        let machines = try await TwoMachineSuites()
        defer { machines.close() }
        try await StoresFavouriteFlow.markUnionSquareOnAAndSeeItOnB(machines.a, machines.b, timeout: 60)
        // Each machine's link publishes its daemon's devices: the account's status lists both suites.
        try await machines.waitUntilBothDevicesArePublished()
        let rows = try machines.postgres.psql(
            database: "baton", "SELECT encode(sealed, 'escape') FROM baton.key_values")
        #expect(!rows.isEmpty)
        #expect(!rows.contains("unionsquare"))
    }
}
