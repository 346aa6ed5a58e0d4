import Foundation
import Testing

/// Issue 24, item 3 (the headline demo): a device that has just opened MonkeyBrowser offers its first tab at
/// once; the other terminal continues it with Ctrl-O, no tab switched anywhere.
@Suite struct FirstTabOfferEndToEndTests {
    @Test func aNewDevicesFirstTabIsOfferedAndContinued() async throws {
        let devices = try await TwoDevices()
        defer { devices.close() }
        let (a, b) = (devices.a, devices.b)
        try a.send("F1")
        try await a.waitFor("weather.html")
        // Nothing else is pressed on A: its Weather tab is offered to B.
        let offered = try await b.waitFor("· from A")
        #expect(offered.contains("MonkeyBrowser: Weather"), "the dock offers A's first tab: \(offered)")
        try b.send("F1")
        try await b.waitFor("weather.html")
        try b.send("C-o")
        let source = try await a.waitFor("Continued on B")
        #expect(source.contains("weather.html"), "A keeps the tab it handed off: \(source)")
    }
}
