/// One closed ring of land outline on the unit Mercator square, with its bounding box.
///
/// The closing point is not repeated: segment `i` runs from point `i` to point `(i + 1) % count`.
public struct ProjectedRing: Sendable {
    public let xs: [Double]
    public let ys: [Double]
    /// Whether segment `i` is a real coastline. Seams that the source draws along the antimeridian
    /// and along the South Pole (where Antarctica is closed) are not, and are never drawn.
    public let isCoast: [Bool]
    public let minX: Double
    public let maxX: Double
    public let minY: Double
    public let maxY: Double

    /// Projects a ring given in degrees (a repeated closing point is dropped); `seam` tells segments that are
    /// no coast (besides the antimeridian and the South Pole), such as the borders a clipping made.
    public init(coordinates: [GeoCoordinate], seam: (GeoCoordinate, GeoCoordinate) -> Bool = { _, _ in false }) {
        var points = coordinates
        if points.count > 1, points.first == points.last { points.removeLast() }
        let projected = points.map(WebMercator.project)
        xs = projected.map(\.x)
        ys = projected.map(\.y)
        isCoast = points.indices.map { index in
            let next = points[(index + 1) % points.count]
            return Self.isCoast(from: points[index], to: next) && !seam(points[index], next)
        }
        minX = xs.min() ?? 0
        maxX = xs.max() ?? 0
        minY = ys.min() ?? 0
        maxY = ys.max() ?? 0
    }

    public var count: Int { xs.count }

    private static func isCoast(from a: GeoCoordinate, to b: GeoCoordinate) -> Bool {
        let onAntimeridian = abs(a.longitude) >= 179.999 && a.longitude == b.longitude
        let alongSouthPole =
            a.latitude <= -WebMercator.maximumLatitude && b.latitude <= -WebMercator.maximumLatitude
        return !(onAntimeridian || alongSouthPole)
    }
}
