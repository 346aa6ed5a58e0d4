import TextWidth

/// Shown instead of the UI when the terminal is smaller than the layout needs.
public struct TooSmallScreen: View, Sendable {
    public var minimum: Size

    public init(minimum: Size) { self.minimum = minimum }

    public func render(in area: Rect, into buffer: inout CellBuffer) {
        buffer.fill(area)
        let lines = [
            "terminal too small (needs \(minimum.width)×\(minimum.height))",
            "now \(area.width)×\(area.height)",
            "enlarge the window · F10 quits",
        ]
        let top = area.y + max(0, (area.height - lines.count) / 2)
        for (index, line) in lines.enumerated() {
            let shown = TextWidth.truncate(line, to: area.width)
            let x = area.x + max(0, (area.width - TextWidth.of(shown)) / 2)
            buffer.put(shown, x: x, y: top + index, style: index == 0 ? Theme.accent : Theme.text)
        }
    }
}
