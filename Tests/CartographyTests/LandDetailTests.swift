import TestSupport
import Testing

@testable import Cartography

/// Issue 24, item 13: at city zoom the map draws the finer land around the stores, with its lakes and bays:
/// Lake Michigan beside Chicago, the San Francisco Bay between San Francisco and Emeryville.
@Suite struct LandDetailTests {
    static let size = MapSize(columns: 80, rows: 24)

    /// The kind of the cell holding `coordinate` in a frame centred on `center` at `zoom`.
    static func kind(at coordinate: GeoCoordinate, center: GeoCoordinate, zoom: Double) throws -> MapCellKind {
        let renderer = MapRenderer(land: try Fixtures.land())
        let viewport = MapViewport(center: center, zoom: zoom)
        let frame = renderer.render(viewport: viewport, size: size)
        let cell = try #require(viewport.transform(for: size).cell(of: coordinate))
        return frame.cells[cell.row * size.columns + cell.column].kind
    }

    @Test func lakeMichiganIsWaterBesideChicago() throws {
        let chicago = GeoCoordinate(latitude: 41.88, longitude: -87.63)
        #expect(
            try Self.kind(at: GeoCoordinate(latitude: 41.88, longitude: -87.35), center: chicago, zoom: 9) == .water)
        #expect(try Self.kind(at: GeoCoordinate(latitude: 41.88, longitude: -87.80), center: chicago, zoom: 9) == .land)
    }

    @Test func theBaySeparatesSanFranciscoFromEmeryville() throws {
        let bay = GeoCoordinate(latitude: 37.80, longitude: -122.33)
        #expect(try Self.kind(at: GeoCoordinate(latitude: 37.72, longitude: -122.32), center: bay, zoom: 10) == .water)
        #expect(try Self.kind(at: GeoCoordinate(latitude: 37.76, longitude: -122.44), center: bay, zoom: 10) == .land)
        #expect(try Self.kind(at: GeoCoordinate(latitude: 37.835, longitude: -122.27), center: bay, zoom: 10) == .land)
    }

    @Test func aViewBeyondTheDetailUsesTheWorldFile() throws {
        let land = try Fixtures.land()
        let detail = try #require(land.detail)
        #expect(detail.rings(west: -87.8, south: 41.7, east: -87.4, north: 42.0) != nil)
        #expect(detail.rings(west: -40.2, south: -60.2, east: -40, north: -60) == nil, "the South Atlantic")
    }

    @Test func chicagoAtCityZoom() throws {
        let renderer = MapRenderer(land: try Fixtures.land())
        let viewport = MapViewport(center: GeoCoordinate(latitude: 41.88, longitude: -87.63), zoom: 9)
        let frame = renderer.render(viewport: viewport, size: Self.size, stores: try Fixtures.dataset().stores)
        try Golden.check(frame.lines, named: "chicago-80x24-braille")
    }
}
