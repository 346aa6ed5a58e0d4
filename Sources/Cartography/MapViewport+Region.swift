import Foundation

extension MapViewport {
    /// The region this view shows on a canvas of `size`, as `MKCoordinateRegion` would describe it.
    public func region(size: MapSize) -> CoordinateRegion {
        let transform = transform(for: size)
        let longitudeDelta = min(360, 360 * Double(size.columns) / transform.worldColumns)
        let halfHeight = Double(size.rows) / 2 / transform.worldRows
        let top = WebMercator.coordinate(of: MapPoint(x: 0, y: max(0, transform.center.y - halfHeight)))
        let bottom = WebMercator.coordinate(
            of: MapPoint(x: 0, y: min(1, transform.center.y + halfHeight)))
        return CoordinateRegion(
            center: center,
            span: CoordinateSpan(
                latitudeDelta: top.latitude - bottom.latitude, longitudeDelta: longitudeDelta)
        )
    }

    /// The view that shows all of `region` on a canvas of `size`, as closely as the zoom range allows.
    public init(region: CoordinateRegion, size: MapSize) {
        let columns = Double(max(size.columns, 1))
        let rows = Double(max(size.rows, 1))
        var worldColumns = Double.infinity
        if region.span.longitudeDelta > 0 {
            worldColumns = columns * 360 / region.span.longitudeDelta
        }
        let north = WebMercator.project(
            latitude: region.center.latitude + region.span.latitudeDelta / 2, longitude: 0)
        let south = WebMercator.project(
            latitude: region.center.latitude - region.span.latitudeDelta / 2, longitude: 0)
        let projectedHeight = south.y - north.y
        if projectedHeight > 0 {
            worldColumns = min(worldColumns, rows * MapSize.cellAspectRatio / projectedHeight)
        }
        let zoom = worldColumns.isFinite ? log2(worldColumns / columns) : Self.maximumZoom
        self.init(center: region.center, zoom: zoom)
    }
}
