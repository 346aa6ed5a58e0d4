/// A terminal with no screen: it keeps the cells it was sent, for golden-file tests and benchmarks.
public final class HeadlessTerminal: TerminalBackend {
    public private(set) var screen: CellBuffer
    public private(set) var cursor: Point?
    /// How many cells the last frame sent.
    public private(set) var lastChangeCount = 0

    public init(size: Size) { screen = CellBuffer(size: size) }

    public var size: Size { screen.size }

    /// Changes the size, as a terminal window resize would.
    public func resize(to size: Size) { screen = CellBuffer(size: size) }

    public func draw(_ changes: [(Point, Cell)], cursor: Point?) {
        for (point, cell) in changes {
            screen[point.x, point.y] = cell
            if cell.width == 2 {
                screen[point.x + 1, point.y] = Cell(grapheme: "", width: 0, style: cell.style)
            }
        }
        self.cursor = cursor
        lastChangeCount = changes.count
    }

    public func invalidate() { screen = CellBuffer(size: screen.size) }
}
