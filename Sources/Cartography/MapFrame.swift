/// A rendered map as a UI-neutral grid of cells (character plus kind) and the markers drawn on it.
public struct MapFrame: Sendable {
    public let size: MapSize
    /// Row-major cells, `size.columns × size.rows`.
    public let cells: [MapCell]
    /// The store markers, top to bottom and left to right.
    public let markers: [MapMarker]

    public init(size: MapSize, cells: [MapCell], markers: [MapMarker]) {
        self.size = size
        self.cells = cells
        self.markers = markers
    }

    /// The cell at a column and row (both inside the frame).
    public subscript(column: Int, row: Int) -> MapCell {
        cells[row * size.columns + column]
    }

    /// The marker drawn at a cell, if any.
    public func marker(column: Int, row: Int) -> MapMarker? {
        markers.first { $0.column == column && $0.row == row }
    }

    /// The frame's characters, one string per row.
    public var lines: [String] {
        (0..<size.rows).map { row in
            String(cells[row * size.columns..<(row + 1) * size.columns].map(\.character))
        }
    }

    /// The frame as text, rows joined by newlines.
    public var text: String { lines.joined(separator: "\n") }
}
