import Foundation
import Testing

/// An offer lives as long as its source: when the advertising suite quits, the other device's dock empties.
@Suite struct OfferWithdrawalEndToEndTests {
    @Test func theDockEmptiesWhenTheSourceQuits() throws {
        let fixture = try BatonFixture()
        let a = try TmuxSession(command: fixture.suiteCommand("--device A"), environment: fixture.environment)
        defer { a.close() }
        let b = try TmuxSession(command: fixture.suiteCommand("--device B"), environment: fixture.environment)
        defer { b.close() }
        try a.waitFor("Paths")
        try b.waitFor("Paths")
        try b.waitFor("no activity offered")

        try a.send("F1")
        try a.waitFor("Weather")
        try a.send("C-l")
        try a.send("C-u")
        try a.type("about:help")
        try a.send("Enter")
        try b.waitFor("MonkeyBrowser: Weather — MonkeyBrowser Help · from A")

        try a.send("F10")
        try a.waitFor("EXIT=0")
        try b.waitFor("no activity offered")
        let activities = try Shell.run(fixture.binary, ["activities", "--json"], environment: fixture.environment)
        #expect(!activities.contains("\"A\""), "the daemon still lists A's activity: \(activities)")
    }
}
