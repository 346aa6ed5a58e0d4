/// A terminal with no screen: it keeps the cells it was sent, for golden-file tests and benchmarks, and hands
/// the event loop input that tests queue (`type`, `resize`, `hangUp`), never waiting.
public final class HeadlessTerminal: InteractiveTerminal {
    public private(set) var screen: CellBuffer
    public private(set) var cursor: Point?
    /// How many cells the last frame sent.
    public private(set) var lastChangeCount = 0
    /// How many frames were drawn.
    public private(set) var frameCount = 0
    private var pending: [InputEvent] = []
    private var hungUp = false

    public init(size: Size) { screen = CellBuffer(size: size) }

    public var size: Size { screen.size }

    /// Changes the size, as a terminal window resize would; with `report`, the loop hears of it.
    public func resize(to size: Size, report: Bool = false) {
        screen = CellBuffer(size: size)
        if report { pending.append(.resize(size)) }
    }

    /// Queues input for the loop's next turn.
    public func queue(_ events: InputEvent...) { pending += events }

    /// The terminal goes away, as a closed window does.
    public func hangUp() { hungUp = true }

    public func draw(_ changes: [(Point, Cell)], cursor: Point?) {
        for (point, cell) in changes {
            screen[point.x, point.y] = cell
            if cell.width == 2 {
                screen[point.x + 1, point.y] = Cell(grapheme: "", width: 0, style: cell.style)
            }
        }
        self.cursor = cursor
        lastChangeCount = changes.count
        frameCount += 1
    }

    public func invalidate() { screen = CellBuffer(size: screen.size) }

    public func waitForInput(timeout: Double?, wakeDescriptor: Int32) -> TerminalWait {
        hungUp ? .hungUp : .ready
    }

    public func readEvents() -> [InputEvent] {
        defer { pending.removeAll() }
        return pending
    }

    public func suspend() -> Bool { false }
}
