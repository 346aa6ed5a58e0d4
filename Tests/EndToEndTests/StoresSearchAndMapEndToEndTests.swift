import Foundation
import Testing

/// Issue 13, findings 5 and 6: Stores search finds regions and states, the map waits for Enter, and at
/// city zoom the map is readable, with a legend.
@Suite struct StoresSearchAndMapEndToEndTests {
    /// The status line's "map · 15.00°N 0.00°E · zoom …" part.
    static func centre(_ screen: String) -> String? {
        screen.firstMatch(of: /map · ([^·]+) · zoom/).map { String($0.1) }
    }

    @Test func regionAndStateAreSearchableAndTheMapMovesOnEnterOnly() async throws {
        let fixture = try await BatonFixture()
        let tmux = try TmuxSession(command: fixture.suiteCommand("--device A"), environment: fixture.environment)
        defer { tmux.close() }
        try await tmux.waitFor("Paths")
        try tmux.send("F2")
        // The list can say "No stores in view" before the map has drawn its status line: wait for the line.
        let start = try await tmux.waitFor("the map's status line") { Self.centre($0) != nil }
        let centre = try #require(Self.centre(start))

        try tmux.send("/")
        try tmux.type("to")
        try await tmux.waitFor("/ to")
        // The partial "to" lists matches; the map stays where it was.
        #expect(Self.centre(try tmux.screen()) == centre)
        try tmux.type("kyo")
        let tokyo = try await tmux.waitFor("Ginza")
        #expect(tokyo.contains("Shibuya"))
        #expect(!tokyo.contains("No store matches"))
        #expect(Self.centre(tokyo) == centre)
        try tmux.send("Enter")
        try await tmux.waitFor("the map moved to the result") { Self.centre($0) != centre && $0.contains("35.") }

        try tmux.send("/")
        try tmux.type("California")
        let california = try await tmux.waitFor("4th Street · Berkeley")
        #expect(!california.contains("No store matches"))
    }

    @Test func atCityZoomTheMapShowsItsMarkersAndHasALegend() async throws {
        let fixture = try await BatonFixture()
        _ = try Shell.run(
            fixture.binary, ["location", "set", "35.68", "139.75", "--device", "A"], environment: fixture.environment)
        let tmux = try TmuxSession(command: fixture.suiteCommand("--device A"), environment: fixture.environment)
        defer { tmux.close() }
        try await tmux.waitFor("Paths")
        try tmux.send("F2")
        let map = try await tmux.waitFor("6 stores in view")
        let rows = map.split(separator: "\n").dropFirst().prefix(30).map { $0.prefix(70) }
        // No solid land: the map is a light shade, so the six stores' mark stands out.
        #expect(!rows.contains { $0.contains("⣿") }, "land is still solid:\n\(rows.joined(separator: "\n"))")
        #expect(rows.contains { $0.contains("6") }, "the six stores in one place show as 6")
        #expect(!rows.contains { $0.contains("◉") }, "the selection's mark hides the others")
        try tmux.send("?")
        let legend = try await tmux.waitFor("map: a store")
        #expect(legend.contains("map: stores in one place"))
    }

    /// The wheel zooms about the pointer (as mapscii): a wheel north-east of the centre moves the centre
    /// north-east, where zooming about the centre would leave it at 15°N 0°E.
    @Test func theWheelZoomsAboutThePointer() async throws {
        let fixture = try await BatonFixture()
        let tmux = try TmuxSession(command: fixture.suiteCommand("--device A"), environment: fixture.environment)
        defer { tmux.close() }
        try await tmux.waitFor("Paths")
        try tmux.send("F2")
        let world = try await tmux.waitFor("15.00°N 0.00°E · zoom 0.0")
        #expect(world.contains("stores in view"))
        // An SGR wheel-up report at column 70, row 10 (1-based): right of and above the map's centre.
        try tmux.type("\u{1B}[<64;70;10M")
        let zoomed = try await tmux.waitFor("zoom 1.0")
        let centre = try #require(zoomed.firstMatch(of: /map · ([\d.]+)°([NS]) ([\d.]+)°([EW]) · zoom 1\.0/))
        #expect(centre.2 == "N" && (Double(centre.1) ?? 0) > 15, "\(centre.0)")
        #expect(centre.4 == "E" && (Double(centre.3) ?? 0) > 0, "\(centre.0)")
    }
}
