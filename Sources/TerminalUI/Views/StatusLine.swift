import TextWidth

/// A one-line status bar: text on the left, text on the right.
public struct StatusLine: View, Sendable {
    public var left: String
    public var right: String
    public var style: Style

    public init(left: String, right: String = "", style: Style = Theme.bar) {
        self.left = left
        self.right = right
        self.style = style
    }

    public func render(in area: Rect, into buffer: inout CellBuffer) {
        guard area.height > 0 else { return }
        let row = area.splitTop(1).top
        buffer.fill(row, style: style)
        let rightWidth = min(TextWidth.of(right), row.width)
        let leftRoom = max(0, row.width - rightWidth - (rightWidth > 0 ? 1 : 0))
        buffer.put(TextWidth.truncate(left, to: leftRoom), x: row.x, y: row.y, style: style, clip: row)
        if rightWidth > 0 {
            buffer.put(
                TextWidth.truncate(right, to: rightWidth), x: row.maxX - rightWidth, y: row.y, style: style,
                clip: row)
        }
    }
}
