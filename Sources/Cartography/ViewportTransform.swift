import Foundation

/// Maps projected points to fractional cell positions of one canvas and back.
///
/// Column 0 is the left edge of the first cell; a cell is `MapSize.cellAspectRatio` times as tall as
/// it is wide, so the world is `worldColumns` wide and `worldRows` (= half as many) tall.
public struct ViewportTransform: Sendable, Hashable {
    /// The view's centre on the unit Mercator square.
    public let center: MapPoint
    public let size: MapSize
    /// The width of the whole world in cells.
    public let worldColumns: Double
    /// The height of the whole world in cells.
    public let worldRows: Double

    public init(center: MapPoint, zoom: Double, size: MapSize) {
        self.center = center
        self.size = size
        worldColumns = Double(max(size.columns, 1)) * pow(2, zoom)
        worldRows = worldColumns / MapSize.cellAspectRatio
    }

    /// The fractional column of a projected x.
    public func column(ofX x: Double) -> Double {
        (x - center.x) * worldColumns + Double(size.columns) / 2
    }

    /// The fractional row of a projected y.
    public func row(ofY y: Double) -> Double {
        (y - center.y) * worldRows + Double(size.rows) / 2
    }

    /// The projected point at a fractional cell position.
    public func point(column: Double, row: Double) -> MapPoint {
        MapPoint(
            x: (column - Double(size.columns) / 2) / worldColumns + center.x,
            y: (row - Double(size.rows) / 2) / worldRows + center.y
        )
    }

    /// The cell that holds a coordinate, or nil when it lies outside the canvas.
    public func cell(of coordinate: GeoCoordinate) -> (column: Int, row: Int)? {
        let point = WebMercator.project(coordinate)
        let column = column(ofX: point.x).rounded(.down)
        let row = row(ofY: point.y).rounded(.down)
        guard column >= 0, row >= 0, column < Double(size.columns), row < Double(size.rows) else {
            return nil
        }
        return (Int(column), Int(row))
    }
}
