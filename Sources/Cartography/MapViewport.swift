import Foundation

/// What the map shows: a centre and a zoom level.
///
/// Zoom 0 fits the world's width in the canvas; each zoom step doubles the scale, down to
/// `maximumZoom` (a few streets across). Operations that take a `MapSize` keep the view inside
/// the projected world, so the map never shows empty space beyond the poles or the antimeridian.
public struct MapViewport: Sendable, Hashable {
    public var center: GeoCoordinate
    public var zoom: Double

    /// The whole world.
    public static let minimumZoom = 0.0
    /// About a city district across a full-screen map.
    public static let maximumZoom = 16.0

    public init(center: GeoCoordinate, zoom: Double) {
        self.center = center
        self.zoom = min(max(zoom, Self.minimumZoom), Self.maximumZoom)
    }

    /// The whole world, centred a little north of the equator where most land lies.
    public static let world = MapViewport(center: GeoCoordinate(latitude: 15, longitude: 0), zoom: 0)

    /// The geometry of this view on a canvas of `size`.
    public func transform(for size: MapSize) -> ViewportTransform {
        ViewportTransform(center: WebMercator.project(center), zoom: zoom, size: size)
    }

    /// This view moved so that it stays inside the projected world on a canvas of `size`.
    public func clamped(to size: MapSize) -> MapViewport {
        let transform = transform(for: size)
        let halfWidth = Double(size.columns) / 2 / transform.worldColumns
        let halfHeight = Double(size.rows) / 2 / transform.worldRows
        let point = MapPoint(
            x: Self.clamp(transform.center.x, halfExtent: halfWidth),
            y: Self.clamp(transform.center.y, halfExtent: halfHeight)
        )
        return MapViewport(center: WebMercator.coordinate(of: point), zoom: zoom)
    }

    /// This view moved by fractions of its own width and height (positive: east and south).
    public func panned(byWidths dx: Double, heights dy: Double, size: MapSize) -> MapViewport {
        let transform = transform(for: size)
        let point = MapPoint(
            x: transform.center.x + dx * Double(size.columns) / transform.worldColumns,
            y: transform.center.y + dy * Double(size.rows) / transform.worldRows
        )
        return MapViewport(center: WebMercator.coordinate(of: point), zoom: zoom).clamped(to: size)
    }

    /// This view zoomed in (positive steps) or out (negative), about the same centre.
    public func zoomed(by steps: Double, size: MapSize) -> MapViewport {
        MapViewport(center: center, zoom: zoom + steps).clamped(to: size)
    }

    private static func clamp(_ value: Double, halfExtent: Double) -> Double {
        guard halfExtent < 0.5 else { return 0.5 }
        return min(max(value, halfExtent), 1 - halfExtent)
    }
}
