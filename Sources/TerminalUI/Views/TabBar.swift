import TextWidth

/// A row of tabs; the selected one stands out. When they do not all fit, the bar shows a window of tabs
/// around the selected one (always visible) with a count of the hidden ones at either end: `◀3│` and `│2▶`.
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

    /// Where things go on a bar `width` columns wide: the tabs shown (index, first column, width of the label
    /// without its separator) and how many are hidden on each side.
    public struct Placement: Equatable, Sendable {
        public var tabs: [(index: Int, x: Int, width: Int)]
        public var hiddenBefore: Int
        public var hiddenAfter: Int

        public static func == (a: Placement, b: Placement) -> Bool {
            a.hiddenBefore == b.hiddenBefore && a.hiddenAfter == b.hiddenAfter
                && a.tabs.map(\.index) == b.tabs.map(\.index) && a.tabs.map(\.x) == b.tabs.map(\.x)
                && a.tabs.map(\.width) == b.tabs.map(\.width)
        }
    }

    private var labels: [String] { titles.map { " \($0) " } }

    static func marker(before count: Int) -> String { count > 0 ? "◀\(count)│" : "" }
    static func marker(after count: Int) -> String { count > 0 ? "│\(count)▶" : "" }

    /// The tabs' places on a bar `width` columns wide.
    public func placement(width: Int) -> Placement {
        let widths = labels.map { TextWidth.of($0) }
        let total = widths.reduce(0) { $0 + $1 + 1 }
        guard !titles.isEmpty, total - 1 > width, let selected, widths.indices.contains(selected) else {
            // Everything fits (or nothing is selected): one after the other, the last cut at the edge.
            var x = 0
            var tabs: [(index: Int, x: Int, width: Int)] = []
            for (index, tabWidth) in widths.enumerated() where x < width {
                tabs.append((index, x, min(tabWidth, width - x)))
                x += tabWidth + 1
            }
            return Placement(tabs: tabs, hiddenBefore: 0, hiddenAfter: titles.count - tabs.count)
        }
        // A window around the selected tab, grown one tab at a time (after, then before) while it fits
        // with its markers.
        func cost(_ first: Int, _ last: Int) -> Int {
            let shown = widths[first...last].reduce(0) { $0 + $1 + 1 } - 1
            return shown + TextWidth.of(Self.marker(before: first))
                + TextWidth.of(Self.marker(after: titles.count - 1 - last))
        }
        var first = selected
        var last = selected
        var grew = true
        while grew {
            grew = false
            if last + 1 < titles.count, cost(first, last + 1) <= width {
                last += 1
                grew = true
            }
            if first > 0, cost(first - 1, last) <= width {
                first -= 1
                grew = true
            }
        }
        var x = TextWidth.of(Self.marker(before: first))
        let room = width - TextWidth.of(Self.marker(after: titles.count - 1 - last))
        var tabs: [(index: Int, x: Int, width: Int)] = []
        for index in first...last {
            tabs.append((index, x, max(0, min(widths[index], room - x))))
            x += widths[index] + 1
        }
        return Placement(tabs: tabs, hiddenBefore: first, hiddenAfter: titles.count - 1 - last)
    }

    /// Draws the tabs on the first row of `area`.
    public func render(in area: Rect, into buffer: inout CellBuffer) {
        guard area.height > 0 else { return }
        buffer.fill(area.splitTop(1).top, style: style)
        let place = placement(width: area.width)
        if place.hiddenBefore > 0, place.tabs.first?.index != 0 {
            buffer.put(Self.marker(before: place.hiddenBefore), x: area.x, y: area.y, style: style, clip: area)
        }
        for tab in place.tabs {
            let label = labels[tab.index]
            let shown = TextWidth.of(label) <= tab.width ? label : TextWidth.truncate(label, to: tab.width)
            let x = buffer.put(
                shown, x: area.x + tab.x, y: area.y, style: tab.index == selected ? selectedStyle : style, clip: area)
            if x < area.maxX { buffer.put("│", x: x, y: area.y, style: style, clip: area) }
        }
        let after = Self.marker(after: place.hiddenAfter)
        if place.hiddenAfter > 0, selected != nil, !after.isEmpty, TextWidth.of(after) <= area.width {
            buffer.put(after, x: area.maxX - TextWidth.of(after), y: area.y, style: style, clip: area)
        }
    }

    /// Which tab a click at column `x` (relative to the bar's left edge) lands on, on a bar `width` wide.
    public func tab(atColumn x: Int, width: Int = .max) -> Int? {
        placement(width: width).tabs.first { x >= $0.x && x <= $0.x + $0.width }?.index
    }
}
