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
    public internal(set) var patterns: [UInt8]
    let address: DotAddress

    public init(size: MapSize, encoding: CellEncoding) {
        self.size = size
        self.encoding = encoding
        width = size.columns * encoding.dotsAcross
        height = size.rows * encoding.dotsDown
        address = DotAddress(columns: size.columns, encoding: encoding)
        patterns = Array(repeating: 0, count: max(size.columns, 0) * max(size.rows, 0))
    }

    /// Whether dot `(x, y)` is set; false outside the canvas.
    public subscript(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < width, y < height else { return false }
        return patterns[address.cell(x: x, y: y)] & address.bit(x: x, y: y) != 0
    }

    /// Sets dot `(x, y)`; ignored outside the canvas.
    public mutating func set(x: Int, y: Int) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        patterns[address.cell(x: x, y: y)] |= address.bit(x: x, y: y)
    }

    /// Sets the dots of row `y` whose centres lie in `[from, to)`, clipped to the canvas.
    @inline(__always)
    public mutating func fillSpan(y: Int, from: Double, to: Double) {
        guard y >= 0, y < height else { return }
        let start = max(0, Int((from - 0.5).rounded(.up)))
        let end = min(width, Int(min((to - 0.5).rounded(.up), Double(width))))
        guard start < end else { return }
        let address = address
        let across = encoding.dotsAcross
        // Whole cells take the row's dots in one write; a span's ragged ends dot by dot.
        let wholeCell = address.rowMask(y: y)
        patterns.withUnsafeMutableBufferPointer { cells in
            var x = start
            while x < end, x & (across - 1) != 0 {
                cells[address.cell(x: x, y: y)] |= address.bit(x: x, y: y)
                x += 1
            }
            let wholeCells = (end - x) / across
            let first = address.cell(x: x, y: y)
            for index in first..<first + wholeCells { cells[index] |= wholeCell }
            x += wholeCells * across
            while x < end {
                cells[address.cell(x: x, y: y)] |= address.bit(x: x, y: y)
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
}

/// Where dot `(x, y)` of a canvas lives: the index of its cell and its bit in the cell's pattern (cells are
/// powers of two dots across and down, so both are shifts and masks).
struct DotAddress: Sendable {
    let columns: Int
    let acrossShift: Int
    let downShift: Int

    init(columns: Int, encoding: CellEncoding) {
        self.columns = columns
        acrossShift = encoding.dotsAcross.trailingZeroBitCount
        downShift = encoding.dotsDown.trailingZeroBitCount
    }

    @inline(__always)
    func cell(x: Int, y: Int) -> Int { (y >> downShift) * columns + x >> acrossShift }

    @inline(__always)
    func bit(x: Int, y: Int) -> UInt8 {
        UInt8(1) << ((y & (1 << downShift - 1)) << acrossShift + x & (1 << acrossShift - 1))
    }

    /// Every dot of row `y` in one cell.
    func rowMask(y: Int) -> UInt8 {
        UInt8(1 << (1 << acrossShift) - 1) << ((y & (1 << downShift - 1)) << acrossShift)
    }
}
