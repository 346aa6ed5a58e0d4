import TextWidth

/// A frame: a grid of cells that views draw into and renderers compare and show.
///
/// Drawing clips to the buffer (and to an optional rectangle); wide graphemes take two cells, and
/// one that would straddle the clip edge is replaced by a space so columns never shift.
public struct CellBuffer: Equatable, Sendable {
    public private(set) var size: Size
    public private(set) var cells: [Cell]

    public init(size: Size, fill: Cell = .blank()) {
        self.size = Size(width: max(0, size.width), height: max(0, size.height))
        cells = Array(repeating: fill, count: self.size.width * self.size.height)
    }

    public var bounds: Rect { Rect(size: size) }

    public subscript(x: Int, y: Int) -> Cell {
        get {
            guard x >= 0, y >= 0, x < size.width, y < size.height else { return .blank() }
            return cells[y * size.width + x]
        }
        set {
            guard x >= 0, y >= 0, x < size.width, y < size.height else { return }
            cells[y * size.width + x] = newValue
        }
    }

    /// Fills a rectangle with blanks of `style`.
    public mutating func fill(_ rect: Rect, style: Style = .plain) {
        fill(rect, with: .blank(style))
    }

    /// Fills a rectangle with copies of `cell` (which must be one column wide).
    public mutating func fill(_ rect: Rect, with cell: Cell) {
        let area = clip(rect)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            let row = y * size.width
            for x in area.x..<area.maxX { cells[row + x] = cell }
        }
        repairEdges(of: area)
    }

    /// Changes the style of every cell in `rect`, keeping their text.
    public mutating func restyle(_ rect: Rect, _ transform: (Style) -> Style) {
        let area = clip(rect)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                cells[y * size.width + x].style = transform(cells[y * size.width + x].style)
            }
        }
    }

    /// Writes `text` on one line from `x`, `y`, clipped to `clip` (default: the whole buffer).
    /// Control characters are skipped. Returns the column after the last written cell.
    @discardableResult
    public mutating func put<S: StringProtocol>(
        _ text: S, x: Int, y: Int, style: Style = .plain, clip: Rect? = nil
    ) -> Int {
        let area = self.clip(clip ?? bounds)
        guard y >= area.y, y < area.maxY else { return x }
        var column = x
        for character in text {
            if character.unicodeScalars.count == 1 {
                column = put(
                    cell: String(character), width: TextWidth.of(character), at: column, y: y, style: style, area: area)
            } else {
                // A cluster whose parts each take columns (a flag, an emoji with a skin tone) is drawn as
                // one cell per part, as the terminal will show it.
                for piece in TextWidth.cells(of: character) {
                    column = put(cell: piece.text, width: piece.width, at: column, y: y, style: style, area: area)
                }
            }
            if column >= area.maxX { break }
        }
        return column
    }

    /// Writes styled runs one after another on one line; returns the column after the last.
    @discardableResult
    public mutating func put(_ line: StyledLine, x: Int, y: Int, clip: Rect? = nil) -> Int {
        var column = x
        for run in line.runs { column = put(run.text, x: column, y: y, style: run.style, clip: clip) }
        return column
    }

    /// Copies `other` into this buffer with its top-left at `origin`.
    public mutating func blit(_ other: CellBuffer, at origin: Point) {
        for y in 0..<other.size.height {
            for x in 0..<other.size.width { self[origin.x + x, origin.y + y] = other[x, y] }
        }
    }

    /// Writes one cell of `width` columns (0 is skipped) at `column`; returns the next column.
    private mutating func put(cell text: String, width: Int, at column: Int, y: Int, style: Style, area: Rect) -> Int {
        if width == 0 || column >= area.maxX { return column }
        if column < area.x {
            if column + width > area.x { setCell(x: area.x, y: y, Cell.blank(style)) }
            return column + width
        }
        if width == 2 && column + 1 >= area.maxX {
            setCell(x: column, y: y, Cell.blank(style))
            return column + 1
        }
        setCell(x: column, y: y, Cell(grapheme: text, width: UInt8(width), style: style))
        if width == 2 { setCell(x: column + 1, y: y, Cell(grapheme: "", width: 0, style: style)) }
        return column + width
    }

    /// The text of row `y`, wide graphemes once each.
    public func rowText(_ y: Int) -> String {
        guard y >= 0, y < size.height else { return "" }
        var line = ""
        for x in 0..<size.width {
            let cell = cells[y * size.width + x]
            if !cell.isContinuation { line += cell.grapheme }
        }
        return line
    }

    /// The whole frame as text lines, trailing spaces removed: what golden files hold.
    public func textLines() -> [String] {
        (0..<size.height).map { y in
            var line = rowText(y)
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    private func clip(_ rect: Rect) -> Rect {
        let x0 = max(rect.x, 0)
        let y0 = max(rect.y, 0)
        let x1 = min(rect.maxX, size.width)
        let y1 = min(rect.maxY, size.height)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Sets a cell and keeps wide graphemes whole: overwriting half of one blanks the other half.
    private mutating func setCell(x: Int, y: Int, _ cell: Cell) {
        let index = y * size.width + x
        let old = cells[index]
        if old.isContinuation, x > 0, cell.width != 0 {
            cells[index - 1] = .blank(cells[index - 1].style)
        }
        if old.width == 2, cell.width != 2, x + 1 < size.width {
            cells[index + 1] = .blank(cells[index + 1].style)
        }
        cells[index] = cell
    }

    /// After a fill, blanks wide graphemes cut in half by the rectangle's edges.
    private mutating func repairEdges(of area: Rect) {
        for y in area.y..<area.maxY {
            let row = y * size.width
            if area.x > 0, cells[row + area.x - 1].width == 2 {
                cells[row + area.x - 1] = .blank(cells[row + area.x - 1].style)
            }
            if area.maxX < size.width, cells[row + area.maxX].isContinuation {
                cells[row + area.maxX] = .blank(cells[row + area.maxX].style)
            }
        }
    }
}

/// A line made of styled runs of text.
public struct StyledLine: Hashable, Sendable, ExpressibleByStringLiteral {
    /// One run: text and its style.
    public struct Run: Hashable, Sendable {
        public var text: String
        public var style: Style
        public init(_ text: String, _ style: Style = .plain) {
            self.text = text
            self.style = style
        }
    }

    public var runs: [Run]

    public init(_ runs: [Run] = []) { self.runs = runs }
    public init(_ text: String, style: Style = .plain) { runs = [Run(text, style)] }
    public init(stringLiteral value: String) { runs = [Run(value)] }

    public var text: String { runs.map(\.text).joined() }
    public var width: Int { TextWidth.of(text) }

    public mutating func append(_ text: String, _ style: Style = .plain) {
        runs.append(Run(text, style))
    }
}
