/// Fills polygons on a `DotCanvas` by the even-odd rule, one scanline per dot row (sampled at dot
/// centres), with an active edge table so the cost follows edges plus spans, not edges × rows.
///
/// Edges are listed by the row they start on (a linked list per row, no sort): the order edges become active
/// in does not matter, since each row's crossings are sorted before they pair up.
public struct ScanlineFiller: Sendable {
    private struct Edge {
        var x: Double
        let slope: Double
        let endRow: Int
        /// The next edge starting on the same row (-1: none).
        let next: Int
    }

    private let height: Int
    private var edges: [Edge] = []
    /// The first edge starting on each row (-1: none).
    private var firstEdge: [Int]
    private var firstRow: Int
    private var lastRow = 0

    /// A filler for canvases `height` dots tall.
    public init(height: Int) {
        self.height = height
        firstEdge = Array(repeating: -1, count: max(height, 0))
        firstRow = height
    }

    /// Adds one polygon edge in dot coordinates. Horizontal edges and rows off the canvas are skipped.
    public mutating func addEdge(x0: Double, y0: Double, x1: Double, y1: Double) {
        guard y0 != y1 else { return }
        let (topX, topY, bottomX, bottomY) = y0 < y1 ? (x0, y0, x1, y1) : (x1, y1, x0, y0)
        let startRow = max(0, Int((topY - 0.5).rounded(.up)))
        let endRow = min(height, Int(min((bottomY - 0.5).rounded(.up), Double(height))))
        guard startRow < endRow else { return }
        let slope = (bottomX - topX) / (bottomY - topY)
        let x = topX + (Double(startRow) + 0.5 - topY) * slope
        edges.append(Edge(x: x, slope: slope, endRow: endRow, next: firstEdge[startRow]))
        firstEdge[startRow] = edges.count - 1
        firstRow = min(firstRow, startRow)
        lastRow = max(lastRow, endRow)
    }

    /// Adds a closed ring of points in dot coordinates.
    public mutating func addRing(_ points: [(x: Double, y: Double)]) {
        guard let last = points.last else { return }
        var previous = last
        for point in points {
            addEdge(x0: previous.x, y0: previous.y, x1: point.x, y1: point.y)
            previous = point
        }
    }

    /// Fills the inside of every edge added so far (even-odd) and forgets the edges.
    public mutating func fill(_ canvas: inout DotCanvas) {
        var active: [Edge] = []
        var crossings: [Double] = []
        var row = firstRow
        while row < lastRow {
            var starting = firstEdge[row]
            while starting >= 0 {
                active.append(edges[starting])
                starting = edges[starting].next
            }
            firstEdge[row] = -1
            crossings.removeAll(keepingCapacity: true)
            for edge in active { crossings.append(edge.x) }
            crossings.sort()
            var index = 0
            while index + 1 < crossings.count {
                canvas.fillSpan(y: row, from: crossings[index], to: crossings[index + 1])
                index += 2
            }
            row += 1
            active.removeAll { $0.endRow <= row }
            for index in active.indices { active[index].x += active[index].slope }
        }
        edges.removeAll(keepingCapacity: true)
        firstRow = height
        lastRow = 0
    }
}
