import TextWidth

/// A row of tabs; the selected one stands out. Tabs that do not fit are cut from the end with `…`.
public struct TabBar: View, Sendable {
    public var titles: [String]
    public var selected: Int?
    public var style: Style
    public var selectedStyle: Style

    public init(
        titles: [String], selected: Int?, style: Style = Theme.bar,
        selectedStyle: Style = Theme.barSelected
    ) {
        self.titles = titles
        self.selected = selected
        self.style = style
        self.selectedStyle = selectedStyle
    }

    /// Draws the tabs on the first row of `area`.
    public func render(in area: Rect, into buffer: inout CellBuffer) {
        guard area.height > 0 else { return }
        buffer.fill(area.splitTop(1).top, style: style)
        var x = area.x
        for (index, title) in titles.enumerated() {
            let label = " \(title) "
            let width = TextWidth.of(label)
            let remaining = area.maxX - x
            if remaining <= 0 { break }
            let shown = width <= remaining ? label : TextWidth.truncate(label, to: remaining)
            x = buffer.put(
                shown, x: x, y: area.y, style: index == selected ? selectedStyle : style, clip: area)
            if x < area.maxX { x = buffer.put("│", x: x, y: area.y, style: style, clip: area) }
        }
    }

    /// Which tab a click at column `x` (relative to the bar's left edge) lands on.
    public func tab(atColumn x: Int) -> Int? {
        var start = 0
        for (index, title) in titles.enumerated() {
            let end = start + TextWidth.of(" \(title) ") + 1
            if x >= start && x < end { return index }
            start = end
        }
        return nil
    }
}
