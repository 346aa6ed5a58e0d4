import TestSupport
import Testing

@testable import Cartography

/// The frames `baton bench map` times (200×60), compared whole with `Golden/` files, characters and cell kinds:
/// a faster renderer must draw exactly what the one before it drew.
@Suite struct GoldenFullScreenMapTests {
    static let size = MapSize(columns: 200, rows: 60)

    @Test func worldFrame() throws {
        let frame = MapRenderer(land: try Fixtures.land()).render(
            viewport: MapViewport.world.clamped(to: Self.size), size: Self.size,
            stores: try Fixtures.dataset().stores)
        try check(frame, named: "world-200x60-braille")
    }

    /// Three of the bench's pan steps: a quarter view east at zoom 2, from the North Pacific.
    @Test func panSteps() throws {
        let renderer = MapRenderer(land: try Fixtures.land())
        let stores = try Fixtures.dataset().stores
        var viewport = MapViewport(center: GeoCoordinate(latitude: 30, longitude: -150), zoom: 2).clamped(
            to: Self.size)
        for step in 1...3 {
            viewport = viewport.panned(byWidths: 0.25, heights: 0, size: Self.size)
            try check(
                renderer.render(viewport: viewport, size: Self.size, stores: stores),
                named: "pan-step-\(step)-200x60-braille")
        }
    }

    /// City zoom over Chicago: the finer land, light land and thin coasts, with a favourite and a selection.
    @Test func cityZoom() throws {
        let frame = MapRenderer(land: try Fixtures.land()).render(
            viewport: MapViewport(center: GeoCoordinate(latitude: 41.89, longitude: -87.63), zoom: 9),
            size: Self.size, stores: try Fixtures.dataset().stores, favourites: ["R035"], selected: "R284")
        try check(frame, named: "chicago-200x60-braille")
    }

    @Test func quadrantsPannedSouth() throws {
        let viewport = MapViewport(center: GeoCoordinate(latitude: 10, longitude: 20), zoom: 1.5).panned(
            byWidths: 0, heights: 0.2, size: Self.size)
        let frame = MapRenderer(land: try Fixtures.land(), encoding: .quadrants).render(
            viewport: viewport, size: Self.size)
        try check(frame, named: "africa-200x60-quadrants")
    }

    private func check(_ frame: MapFrame, named name: String) throws {
        try Golden.check(frame.lines, named: name)
        let kinds = (0..<frame.size.rows).map { row in
            String((0..<frame.size.columns).map { Self.letter(frame[$0, row].kind) })
        }
        try Golden.check(kinds, named: name + ".kinds")
    }

    /// One letter per cell kind: water, land, coast, store, favourite, cluster, selected.
    private static func letter(_ kind: MapCellKind) -> Character {
        switch kind {
        case .water: "."
        case .land: "l"
        case .coast: "c"
        case .store: "s"
        case .favourite: "f"
        case .cluster: "n"
        case .selected: "x"
        }
    }
}
