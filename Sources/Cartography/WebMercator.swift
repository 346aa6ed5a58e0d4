import Foundation

/// A point of the Web Mercator plane scaled to the unit square: x 0 at 180° W and 1 at 180° E,
/// y 0 at the northern limit and 1 at the southern limit.
public struct MapPoint: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// The Web Mercator projection (EPSG:3857) onto the unit square, latitudes clamped to ±85.0511°.
public enum WebMercator {
    /// The latitude at which the projected world becomes square: atan(sinh(π)).
    public static let maximumLatitude = 85.051_128_779_806_59

    /// Projects a coordinate; latitudes beyond ±`maximumLatitude` are clamped, longitudes are not wrapped.
    public static func project(_ coordinate: GeoCoordinate) -> MapPoint {
        project(latitude: coordinate.latitude, longitude: coordinate.longitude)
    }

    /// Projects a latitude and longitude in degrees.
    public static func project(latitude: Double, longitude: Double) -> MapPoint {
        let clamped = min(max(latitude, -maximumLatitude), maximumLatitude)
        let phi = clamped * .pi / 180
        let x = (longitude + 180) / 360
        let y = 0.5 - log(tan(.pi / 4 + phi / 2)) / (2 * .pi)
        return MapPoint(x: x, y: y)
    }

    /// The coordinate of a projected point (the inverse of `project` inside the clamped range).
    public static func coordinate(of point: MapPoint) -> GeoCoordinate {
        let longitude = point.x * 360 - 180
        let latitude = atan(sinh((0.5 - point.y) * 2 * .pi)) * 180 / .pi
        return GeoCoordinate(latitude: latitude, longitude: longitude)
    }
}
