import Foundation
import Testing

@testable import Cartography

@Suite struct WebMercatorTests {
    @Test func knownPoints() {
        let origin = WebMercator.project(latitude: 0, longitude: 0)
        #expect(abs(origin.x - 0.5) < 1e-12 && abs(origin.y - 0.5) < 1e-12)
        let corner = WebMercator.project(latitude: WebMercator.maximumLatitude, longitude: -180)
        #expect(abs(corner.x) < 1e-12 && abs(corner.y) < 1e-9)
        let south = WebMercator.project(latitude: -WebMercator.maximumLatitude, longitude: 180)
        #expect(abs(south.x - 1) < 1e-12 && abs(south.y - 1) < 1e-9)
        // 45° N: y = 0.5 − ln(tan 67.5°) / 2π.
        #expect(abs(WebMercator.project(latitude: 45, longitude: 90).y - 0.359_725_6) < 1e-6)
        #expect(abs(WebMercator.project(latitude: 45, longitude: 90).x - 0.75) < 1e-12)
    }

    @Test func latitudesBeyondTheLimitAreClamped() {
        #expect(
            WebMercator.project(latitude: 89.9, longitude: 0).y
                == WebMercator.project(latitude: 90, longitude: 0).y)
        #expect(abs(WebMercator.project(latitude: -90, longitude: 0).y - 1) < 1e-9)
    }

    @Test(arguments: [
        (0.0, 0.0), (51.5074, -0.1278), (-33.8688, 151.2093), (85.0, 179.9), (-85.0, -179.9),
        (40.7638, -73.973),
    ])
    func roundTrip(latitude: Double, longitude: Double) {
        let back = WebMercator.coordinate(
            of: WebMercator.project(latitude: latitude, longitude: longitude))
        #expect(abs(back.latitude - latitude) < 1e-9)
        #expect(abs(back.longitude - longitude) < 1e-9)
    }

    @Test func greatCircleDistances() {
        let london = GeoCoordinate(latitude: 51.5074, longitude: -0.1278)
        let paris = GeoCoordinate(latitude: 48.8566, longitude: 2.3522)
        #expect(abs(GreatCircle.distance(from: london, to: paris) - 343.5) < 1.5)
        #expect(GreatCircle.distance(from: london, to: london) == 0)
        let antipode = GreatCircle.distance(
            from: GeoCoordinate(latitude: 0, longitude: 0), to: GeoCoordinate(latitude: 0, longitude: 180)
        )
        #expect(abs(antipode - .pi * GreatCircle.earthRadiusKilometres) < 1e-6)
    }
}
