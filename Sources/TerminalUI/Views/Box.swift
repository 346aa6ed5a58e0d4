import TextWidth

/// A bordered frame with an optional title on its top edge.
public struct Box: View, Sendable {
    public var title: String?
    public var style: Style

    public init(title: String? = nil, style: Style = Theme.border) {
        self.title = title
        self.style = style
    }

    /// The rectangle inside the border of a box drawn in `area`.
    public func inner(of area: Rect) -> Rect {
        guard area.width >= 2, area.height >= 2 else { return Rect(x: area.x, y: area.y, width: 0, height: 0) }
        return area.inset(by: 1)
    }

    /// Clears `area` and draws the border (the inside is `inner(of:)`).
    public func render(in area: Rect, into buffer: inout CellBuffer) {
        guard area.width >= 2, area.height >= 2 else { return }
        buffer.fill(area)
        let horizontal = String(repeating: "─", count: area.width - 2)
        buffer.put("╭" + horizontal + "╮", x: area.x, y: area.y, style: style)
        buffer.put("╰" + horizontal + "╯", x: area.x, y: area.maxY - 1, style: style)
        for y in (area.y + 1)..<(area.maxY - 1) {
            buffer.put("│", x: area.x, y: y, style: style)
            buffer.put("│", x: area.maxX - 1, y: y, style: style)
        }
        if let title, area.width > 6 {
            let shown = TextWidth.truncate(" \(title) ", to: area.width - 4)
            buffer.put(shown, x: area.x + 2, y: area.y, style: style.adding(.bold))
        }
    }
}

/// A modal box drawn over the content, centred, sized to its lines (within the screen).
public struct Popover: View, Sendable {
    public var title: String
    public var lines: [StyledLine]
    public var footer: String?

    public init(title: String, lines: [StyledLine], footer: String? = "Esc close") {
        self.title = title
        self.lines = lines
        self.footer = footer
    }

    /// The rectangle the popover takes in `screen`.
    public func frame(in screen: Rect) -> Rect {
        let contentWidth = max(
            lines.map(\.width).max() ?? 0, TextWidth.of(title) + 4, TextWidth.of(footer ?? ""))
        let width = min(screen.width - 2, contentWidth + 4)
        let height = min(screen.height - 2, lines.count + 2 + (footer == nil ? 0 : 1))
        return screen.centered(Size(width: width, height: height))
    }

    /// The rectangle inside the popover's border and margins, when drawn over `screen`.
    public func inner(in screen: Rect) -> Rect {
        Box(title: title).inner(of: frame(in: screen)).inset(left: 1, right: 1)
    }

    /// Draws the popover centred over `screen`.
    public func render(in screen: Rect, into buffer: inout CellBuffer) {
        let area = frame(in: screen)
        Box(title: title).render(in: area, into: &buffer)
        let inner = self.inner(in: screen)
        let body = footer == nil ? inner : inner.splitBottom(1).rest
        for (row, line) in lines.prefix(body.height).enumerated() {
            buffer.put(
                line, x: body.x, y: body.y + row,
                clip: Rect(x: body.x, y: body.y + row, width: body.width, height: 1))
        }
        if let footer, inner.height > 0 {
            let row = inner.splitBottom(1).bottom
            let shown = TextWidth.truncate(footer, to: row.width)
            buffer.put(shown, x: row.maxX - TextWidth.of(shown), y: row.y, style: Theme.muted)
        }
    }
}
