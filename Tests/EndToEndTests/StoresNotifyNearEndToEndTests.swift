import Foundation
import Testing

/// Stores' "Notify me near this store": a location trigger (entry, 1 km) that `baton location set` into
/// the region fires; its Open shows the store's details.
@Suite struct StoresNotifyNearEndToEndTests {
    @Test func locationSetIntoTheRegionFiresAndOpensTheStore() async throws {
        let fixture = try await BatonFixture()
        let b = try TmuxSession(command: fixture.suiteCommand("--device B"), environment: fixture.environment)
        defer { b.close() }
        try await b.waitFor("Paths")
        try b.send("F2")
        try await b.waitFor("stores in view")
        try b.send("/")
        try b.type("Union Square")
        try b.send("Enter")
        try await b.waitFor("  Union Square · San Francisco")
        try b.send("Enter")
        try await b.waitFor("n notify me near")
        try b.send("n")
        try await b.waitFor("“Stores” would like to send you notifications")
        try b.send("Enter")  // Allow
        try await b.waitFor("Scheduled “Near Union Square”")
        let pending = try Shell.run(
            fixture.binary, ["notifications", "pending", "--device", "B", "--json"], environment: fixture.environment)
        #expect(pending.contains("near:R075"))
        try b.send("Escape")

        // 300 m from the store: inside the 1 km region.
        try Shell.run(
            fixture.binary, ["location", "set", "--device", "B", "--", "37.7913", "-122.4051"],
            environment: fixture.environment)
        try await b.waitFor("Near Union Square")
        try await b.waitFor("300 Post Street")
        try b.send("C-n")
        try b.send("Enter")
        let details = try await b.waitFor("the store's details") { $0.contains("Esc close") && $0.contains("94108") }
        #expect(details.contains("Union Square"))
    }
}
