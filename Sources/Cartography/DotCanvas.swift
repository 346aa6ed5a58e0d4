/// A grid of on/off dots behind a grid of cells, `encoding.dotsAcross × dotsDown` dots per cell.
///
/// Dot coordinates are fractional in drawing calls: dot `(x, y)` covers `[x, x+1) × [y, y+1)`.
public struct DotCanvas: Sendable {
    public let size: MapSize
    public let encoding: CellEncoding
    /// Width in dots.
    public let width: Int
    /// Height in dots.
    public let height: Int
    private var dots: [Bool]

    public init(size: MapSize, encoding: CellEncoding) {
        self.size = size
        self.encoding = encoding
        width = size.columns * encoding.dotsAcross
        height = size.rows * encoding.dotsDown
        dots = Array(repeating: false, count: width * height)
    }

    /// Whether dot `(x, y)` is set; false outside the canvas.
    public subscript(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < width, y < height else { return false }
        return dots[y * width + x]
    }

    /// Sets dot `(x, y)`; ignored outside the canvas.
    public mutating func set(x: Int, y: Int) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        dots[y * width + x] = true
    }

    /// Sets the dots of row `y` whose centres lie in `[from, to)`, clipped to the canvas.
    public mutating func fillSpan(y: Int, from: Double, to: Double) {
        guard y >= 0, y < height else { return }
        let start = max(0, Int((from - 0.5).rounded(.up)))
        let end = min(width, Int(min((to - 0.5).rounded(.up), Double(width))))
        guard start < end else { return }
        let base = y * width
        for x in start..<end { dots[base + x] = true }
    }

    /// The dot pattern of one cell (bit `y * dotsAcross + x`).
    public func pattern(column: Int, row: Int) -> UInt8 {
        let across = encoding.dotsAcross
        let down = encoding.dotsDown
        var pattern: UInt8 = 0
        var bit: UInt8 = 1
        for dy in 0..<down {
            let base = (row * down + dy) * width + column * across
            for dx in 0..<across {
                if dots[base + dx] { pattern |= bit }
                bit <<= 1
            }
        }
        return pattern
    }

    /// The character that draws one cell.
    public func character(column: Int, row: Int) -> Character {
        encoding.character(pattern: pattern(column: column, row: row))
    }

    /// The canvas as lines of characters.
    public var lines: [String] {
        (0..<size.rows).map { row in String((0..<size.columns).map { character(column: $0, row: row) })
        }
    }
}
