/// A grid of on/off dots behind a grid of cells, `encoding.dotsAcross × dotsDown` dots per cell.
///
/// Dot coordinates are fractional in drawing calls: dot `(x, y)` covers `[x, x+1) × [y, y+1)`. The dots are
/// kept as each cell's pattern (one byte a cell, bit `y * dotsAcross + x`), so reading a cell costs one load.
public struct DotCanvas: Sendable {
    public let size: MapSize
    public let encoding: CellEncoding
    /// Width in dots.
    public let width: Int
    /// Height in dots.
    public let height: Int
    /// Each cell's dot pattern, row-major.
    public private(set) var patterns: [UInt8]
    /// log2 of the dots across and down a cell (both are powers of two).
    private let acrossShift: Int
    private let downShift: Int

    public init(size: MapSize, encoding: CellEncoding) {
        self.size = size
        self.encoding = encoding
        width = size.columns * encoding.dotsAcross
        height = size.rows * encoding.dotsDown
        acrossShift = encoding.dotsAcross.trailingZeroBitCount
        downShift = encoding.dotsDown.trailingZeroBitCount
        patterns = Array(repeating: 0, count: max(size.columns, 0) * max(size.rows, 0))
    }

    /// Whether dot `(x, y)` is set; false outside the canvas.
    public subscript(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < width, y < height else { return false }
        return patterns[cellIndex(x: x, y: y)] & bit(x: x, y: y) != 0
    }

    /// Sets dot `(x, y)`; ignored outside the canvas.
    public mutating func set(x: Int, y: Int) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        patterns[cellIndex(x: x, y: y)] |= bit(x: x, y: y)
    }

    /// Sets the dots of row `y` whose centres lie in `[from, to)`, clipped to the canvas.
    public mutating func fillSpan(y: Int, from: Double, to: Double) {
        guard y >= 0, y < height else { return }
        let start = max(0, Int((from - 0.5).rounded(.up)))
        let end = min(width, Int(min((to - 0.5).rounded(.up), Double(width))))
        guard start < end else { return }
        let rowBase = (y >> downShift) * size.columns
        let rowBits = (y & (encoding.dotsDown - 1)) << acrossShift
        let across = encoding.dotsAcross
        let mask = across - 1
        // Whole cells take the row's dots in one write; a span's ragged ends dot by dot.
        let wholeCell = UInt8((1 << across) - 1) << rowBits
        patterns.withUnsafeMutableBufferPointer { cells in
            var x = start
            while x < end, x & mask != 0 {
                cells[rowBase + x >> acrossShift] |= UInt8(1) << (rowBits + x & mask)
                x += 1
            }
            while x + across <= end {
                cells[rowBase + x >> acrossShift] |= wholeCell
                x += across
            }
            while x < end {
                cells[rowBase + x >> acrossShift] |= UInt8(1) << (rowBits + x & mask)
                x += 1
            }
        }
    }

    /// The dot pattern of one cell (bit `y * dotsAcross + x`).
    public func pattern(column: Int, row: Int) -> UInt8 {
        patterns[row * size.columns + column]
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

    private func cellIndex(x: Int, y: Int) -> Int { (y >> downShift) * size.columns + x >> acrossShift }

    private func bit(x: Int, y: Int) -> UInt8 {
        UInt8(1) << ((y & (encoding.dotsDown - 1)) << acrossShift + x & (encoding.dotsAcross - 1))
    }
}
