/// The vertical and horizontal scroll position of long content.
public struct ScrollState: Hashable, Sendable {
    public var top: Int
    public var left: Int

    public init(top: Int = 0, left: Int = 0) {
        self.top = top
        self.left = left
    }

    /// Handles scrolling keys (arrows, `j`/`k`, Space, PgUp/PgDn, Home/End, and less's `b`, `Ctrl-F`, `Ctrl-B`,
    /// `Ctrl-D`, `Ctrl-U`); returns whether it used the key.
    public mutating func handle(_ press: KeyPress, contentHeight: Int, viewHeight: Int) -> Bool {
        let page = max(1, viewHeight - 1)
        switch (press.key, press.modifiers) {
        case (.up, []), (.character("k"), []): top -= 1
        case (.down, []), (.character("j"), []): top += 1
        case (.pageUp, []), (.character("b"), []), (.character("b"), .control): top -= page
        case (.pageDown, []), (.character(" "), []), (.character("f"), .control): top += page
        case (.character("d"), .control): top += max(1, viewHeight / 2)
        case (.character("u"), .control): top -= max(1, viewHeight / 2)
        case (.home, []), (.character("g"), []): top = 0
        case (.end, []), (.character("G"), []): top = contentHeight
        case (.left, []): left = max(0, left - 8)
        case (.right, []): left += 8
        default: return false
        }
        clamp(contentHeight: contentHeight, viewHeight: viewHeight)
        return true
    }

    /// The scrolling keys, for the `?` overlay and About (`sideways`: also ←/→, where lines scroll sideways).
    public static func helpItems(sideways: Bool = false) -> [HelpItem] {
        [
            HelpItem(keys: "↑/↓/k/j", label: "scroll a line"),
            HelpItem(keys: "Space/PgDn/Ctrl-F", label: "page down"),
            HelpItem(keys: "b/PgUp/Ctrl-B", label: "page up"),
            HelpItem(keys: "Ctrl-D/Ctrl-U", label: "half a page down/up"),
            HelpItem(keys: "g/Home", label: "top"),
            HelpItem(keys: "G/End", label: "bottom"),
        ] + (sideways ? [HelpItem(keys: "←/→", label: "scroll a wide table or code sideways")] : [])
    }

    /// Keeps `top` within the content.
    public mutating func clamp(contentHeight: Int, viewHeight: Int) {
        top = min(max(0, top), max(0, contentHeight - viewHeight))
    }
}

/// Shows a window onto many styled lines, with a scroll indicator when they do not fit.
public struct ScrollView: StatefulView, Sendable {
    public var lines: [StyledLine]

    public init(lines: [StyledLine]) { self.lines = lines }

    public func render(in area: Rect, state: inout ScrollState, into buffer: inout CellBuffer) {
        guard !area.isEmpty else { return }
        state.clamp(contentHeight: lines.count, viewHeight: area.height)
        let needsBar = lines.count > area.height
        let text = needsBar ? area.inset(right: 1) : area
        for row in 0..<area.height {
            let index = state.top + row
            guard index < lines.count else { break }
            let clip = Rect(x: text.x, y: text.y + row, width: text.width, height: 1)
            buffer.put(lines[index], x: text.x - state.left, y: text.y + row, clip: clip)
        }
        if needsBar {
            ScrollIndicator(total: lines.count, visible: area.height, offset: state.top).render(
                in: area, into: &buffer)
        }
    }
}
