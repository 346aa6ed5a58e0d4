import Foundation
import Testing

@testable import Cartography

@Suite struct LandGeometryTests {
    @Test func loadsNaturalEarthLand() throws {
        let land = try Fixtures.land()
        #expect(land.rings.count == 128)
        #expect(land.rings.map(\.count).reduce(0, +) == 5_132 - 128, "closing points are not repeated")
        let seams = land.rings.flatMap(\.isCoast).filter { !$0 }.count
        #expect(seams > 0, "antimeridian and South Pole seams are marked")
        #expect(land.rings.allSatisfy { $0.minX >= 0 && $0.maxX <= 1 && $0.minY >= 0 && $0.maxY <= 1 })
    }

    @Test func readsMultiPolygonsAndIgnoresOtherGeometry() throws {
        let json = """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{},"geometry":{"type":"MultiPolygon","coordinates":[
              [[[0,0],[10,0],[10,10],[0,0]]], [[[20,0],[30,0],[30,10],[20,0]],[[22,1],[28,1],[28,2],[22,1]]]]}},
            {"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[1,2]}},
            {"type":"Feature","properties":{},"geometry":null}]}
            """
        let land = try LandGeometry(geoJSON: Data(json.utf8))
        #expect(land.rings.map(\.count) == [3, 3, 3])
    }

    @Test func seamsAreNotCoasts() {
        let ring = ProjectedRing(coordinates: [
            GeoCoordinate(latitude: 60, longitude: 170), GeoCoordinate(latitude: 60, longitude: 180),
            GeoCoordinate(latitude: 70, longitude: 180), GeoCoordinate(latitude: 60, longitude: 170),
        ])
        #expect(ring.isCoast == [true, false, true])
    }

    @Test func badGeoJSONThrowsAClearError() {
        #expect(throws: LandGeometryError.self) { try LandGeometry(geoJSON: Data("{\"type\":".utf8)) }
        #expect(throws: LandGeometryError.self) {
            try LandGeometry(
                geoJSON: Data("{\"type\":\"Polygon\",\"coordinates\":[[[0,0],[1],[2,2]]]}".utf8))
        }
        #expect(throws: LandGeometryError.self) {
            try LandGeometry(
                geoJSON: Data("{\"type\":\"Polygon\",\"coordinates\":[[[0,0],[500,1],[2,2]]]}".utf8))
        }
        #expect(throws: LandGeometryError.self) {
            try LandGeometry(contentsOf: URL(fileURLWithPath: "/nonexistent/land.geojson"))
        }
    }
}
