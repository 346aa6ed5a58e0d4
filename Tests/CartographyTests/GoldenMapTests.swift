import TestSupport
import Testing

@testable import Cartography

/// Whole frames compared with text files in `Golden/` (regenerate with `BATON_UPDATE_GOLDEN=1`).
@Suite struct GoldenMapTests {
    @Test func worldInBraille() throws {
        let size = MapSize(columns: 80, rows: 24)
        let renderer = MapRenderer(land: try Fixtures.land())
        let frame = renderer.render(
            viewport: MapViewport.world.clamped(to: size), size: size,
            stores: try Fixtures.dataset().stores)
        try Golden.check(frame.lines, named: "world-80x24-braille")
        #expect(frame.cells.contains { $0.kind == .land } && frame.cells.contains { $0.kind == .coast })
    }

    @Test func worldInQuadrantBlocks() throws {
        let size = MapSize(columns: 80, rows: 24)
        let renderer = MapRenderer(land: try Fixtures.land(), encoding: .quadrants)
        let frame = renderer.render(viewport: MapViewport.world.clamped(to: size), size: size)
        try Golden.check(frame.lines, named: "world-80x24-quadrants")
    }

    @Test func cityZoomOnTheBayArea() throws {
        let size = MapSize(columns: 80, rows: 24)
        let renderer = MapRenderer(land: try Fixtures.land())
        let bayArea = MapViewport(center: GeoCoordinate(latitude: 37.6, longitude: -122.2), zoom: 7)
        let frame = renderer.render(
            viewport: bayArea, size: size, stores: try Fixtures.dataset().stores, favourites: ["R075"],
            selected: "R002")
        try Golden.check(frame.lines, named: "bay-area-80x24-braille")
        #expect(frame.markers.first { $0.storeIDs == ["R075"] }?.kind == .favourite)
        #expect(frame.markers.first { $0.storeIDs.contains("R002") }?.kind == .selected)
        #expect(
            frame.cells.contains { $0.kind == .water } && frame.cells.contains { $0.kind == .coast })
    }
}
