/// Where frames are shown: a real terminal through ncurses, or a headless grid in tests.
public protocol TerminalBackend: AnyObject {
    /// The terminal's current size.
    var size: Size { get }
    /// Draws the given cells (the difference from the last frame) and shows them.
    func draw(_ changes: [(Point, Cell)], cursor: Point?)
    /// Forgets what the screen shows, so the next frame is drawn in full (after a resize).
    func invalidate()
}

/// The frame renderer: keeps the last frame and sends only the cells that changed.
public final class FrameRenderer {
    public let backend: TerminalBackend
    private var previous: CellBuffer?

    public init(backend: TerminalBackend) { self.backend = backend }

    /// Shows `frame`, sending only what differs from the last one; returns how many cells changed.
    @discardableResult
    public func present(_ frame: CellBuffer, cursor: Point? = nil) -> Int {
        let changes = FrameRenderer.difference(from: previous, to: frame)
        backend.draw(changes, cursor: cursor)
        previous = frame
        return changes.count
    }

    /// Makes the next `present` draw everything (the terminal was resized or cleared).
    public func invalidate() {
        previous = nil
        backend.invalidate()
    }

    /// The cells of `new` that differ from `old` (all of them when sizes differ or there is no old).
    public static func difference(from old: CellBuffer?, to new: CellBuffer) -> [(Point, Cell)] {
        var changes: [(Point, Cell)] = []
        let width = new.size.width
        let same = old.map { $0.size == new.size } ?? false
        for (index, cell) in new.cells.enumerated() {
            if cell.isContinuation { continue }
            // A wide grapheme's trailing half changes only with its lead, so comparing leads suffices.
            if same, let old, old.cells[index] == cell { continue }
            changes.append((Point(x: index % width, y: index / width), cell))
        }
        return changes
    }
}
