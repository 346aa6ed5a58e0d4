import Foundation
import Testing

/// Issue 13, finding 4: an offer leaves the dock of the device that continued it; with several offers
/// the dock counts them and Ctrl-O lets the user pick one.
@Suite(.serialized) struct DockOffersEndToEndTests {
    @Test func aContinuedOfferLeavesTheDockOfTheDeviceThatTookIt() async throws {
        let devices = try await TwoDevices()
        defer { devices.close() }
        let (a, b) = (devices.a, devices.b)
        try await devices.advertiseHelpPageOnA()
        try b.send("F1")
        try await b.waitFor("weather.html")
        try b.send("C-o")
        try await b.waitFor("MonkeyBrowser Help")
        try await a.waitFor("Continued on B")
        // B took it: its dock no longer offers A's tab (A still advertises it).
        try await b.waitFor("no activity offered")
        #expect(!(try b.screen()).contains("· from A"))
        // A sees B's tab, and continuing it there does not bring the same offer back to B forever.
        try await a.waitFor("MonkeyBrowser: Weather — MonkeyBrowser Help · from B")
    }

    @Test func severalOffersAreCountedAndTheOnePickedIsContinued() async throws {
        let devices = try await TwoDevices()
        defer { devices.close() }
        let (a, b) = (devices.a, devices.b)
        let c = try await devices.thirdDevice()
        defer { c.close() }
        try await devices.advertiseHelpPageOnA()
        // C's Coffee tab goes to about:blank: a second offer, from another device.
        try await c.openBrowser()
        try c.send("M-3")
        try await c.waitFor("coffee.html")
        try c.send("C-l")
        try c.type("about:blank")
        try c.send("Enter")
        try await b.waitFor("⇆ 2 offers · newest MonkeyBrowser: Coffee")
        try b.send("F1")
        try await b.waitFor("weather.html")
        try b.send("C-o")
        try await b.waitFor("Continue which activity?")
        let picker = try await b.waitFor("2 MonkeyBrowser: Weather — MonkeyBrowser Help · from A")
        #expect(picker.contains("1 MonkeyBrowser: Coffee — about:blank · from C"))
        // The second row is A's (the older offer): pick it by its number.
        try b.send("2")
        try await b.waitFor("MonkeyBrowser Help")
        try await a.waitFor("Continued on B")
        #expect(!(try c.screen()).contains("Continued on B"))
    }

    /// The offer the user picked went away before Enter (its device quit): Ctrl-O fails with 4608 and says
    /// so, and never continues the other device's offer in its place.
    @Test func anOfferThatWentAwayFailsWith4608InsteadOfContinuingAnother() async throws {
        let devices = try await TwoDevices()
        defer { devices.close() }
        let (a, b) = (devices.a, devices.b)
        let c = try await devices.thirdDevice()
        defer { c.close() }
        try await devices.advertiseHelpPageOnA()
        try await c.openBrowser()
        try c.send("M-3")
        try await c.waitFor("coffee.html")
        try await b.waitFor("⇆ 2 offers")
        try await b.openBrowser()
        try b.send("C-o")
        try await b.waitFor("2 MonkeyBrowser: Weather — MonkeyBrowser Help · from A")
        // A quits while B's chooser still shows its offer; B then picks it.
        try a.send("F10")
        try await a.waitFor("EXIT=0")
        try b.send("2")
        let failed = try await b.waitFor("Handoff failed (4608): A no longer offers the activity you chose")
        #expect(!failed.contains("Continue which activity?"))
        // B's tab did not change to C's Coffee page, and C was not told it was continued.
        #expect(failed.contains("weather.html"))
        #expect(!(try c.screen()).contains("Continued on B"))
    }
}

extension TwoDevices {
    /// A third suite, device C, on the same account, once it has drawn its first screen.
    func thirdDevice() async throws -> TmuxSession {
        let c = try TmuxSession(command: fixture.suiteCommand("--device C"), environment: fixture.environment)
        do { try await c.waitFor("Paths") } catch {
            c.close()
            throw error
        }
        return c
    }
}
