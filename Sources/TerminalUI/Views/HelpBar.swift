import TextWidth

/// The help bar: `key label` pairs generated from key-binding tables, as many as fit.
public struct HelpBar: View, Sendable {
    public var items: [HelpItem]
    /// Items that always show at the end (`F10 quit`, `? all keys`): the others stop early to leave room.
    public var pinned: [HelpItem]

    public init(items: [HelpItem], pinned: HelpItem? = nil) {
        self.items = items
        self.pinned = pinned.map { [$0] } ?? []
    }

    public init(items: [HelpItem], pinned: [HelpItem]) {
        self.items = items
        self.pinned = pinned
    }

    public func render(in area: Rect, into buffer: inout CellBuffer) {
        guard area.height > 0 else { return }
        let row = area.splitTop(1).top
        buffer.fill(row)
        let reserved = pinned.map(Self.width).reduce(0, +)
        var x = row.x
        for item in items {
            if x + Self.width(item) + reserved > row.maxX { break }
            x = put(item, x: x, row: row, into: &buffer)
        }
        for item in pinned where x + Self.width(item) <= row.maxX { x = put(item, x: x, row: row, into: &buffer) }
    }

    private static func width(_ item: HelpItem) -> Int { TextWidth.of(item.keys) + TextWidth.of(item.label) + 2 }

    private func put(_ item: HelpItem, x: Int, row: Rect, into buffer: inout CellBuffer) -> Int {
        let after = buffer.put(item.keys, x: x, y: row.y, style: Theme.key, clip: row)
        return buffer.put(" \(item.label) ", x: after, y: row.y, style: Theme.helpLabel, clip: row)
    }
}
