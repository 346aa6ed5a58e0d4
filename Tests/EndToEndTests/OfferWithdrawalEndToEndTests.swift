import Foundation
import Testing

/// An offer lives as long as its source: when the advertising suite quits, the other device's dock empties.
@Suite struct OfferWithdrawalEndToEndTests {
    @Test func theDockEmptiesWhenTheSourceQuits() async throws {
        let devices = try await TwoDevices()
        defer { devices.close() }
        let (fixture, a, b) = (devices.fixture, devices.a, devices.b)
        try await b.waitFor("no activity offered")
        try await devices.advertiseHelpPageOnA()

        try a.send("F10")
        try await a.waitFor("EXIT=0")
        try await b.waitFor("no activity offered")
        let activities = try Shell.run(fixture.binary, ["activities", "--json"], environment: fixture.environment)
        #expect(!activities.contains("\"A\""), "the daemon still lists A's activity: \(activities)")
    }
}
