/// The selection and scroll position of a list, kept by its owner between frames.
public struct ListState: Hashable, Sendable {
    public var selected: Int
    public var offset: Int

    public init(selected: Int = 0, offset: Int = 0) {
        self.selected = selected
        self.offset = offset
    }

    /// Handles the list's keys (arrows, `j`/`k`, PgUp/PgDn, Home/End); returns whether it used the key.
    public mutating func handle(_ press: KeyPress, count: Int, pageSize: Int) -> Bool {
        guard count > 0 else { return false }
        switch (press.key, press.modifiers) {
        case (.up, []), (.character("k"), []): selected -= 1
        case (.down, []), (.character("j"), []): selected += 1
        case (.pageUp, []): selected -= max(1, pageSize - 1)
        case (.pageDown, []): selected += max(1, pageSize - 1)
        case (.home, []): selected = 0
        case (.end, []): selected = count - 1
        default: return false
        }
        clamp(count: count)
        return true
    }

    /// Keeps the selection inside `0..<count`.
    public mutating func clamp(count: Int) {
        selected = count == 0 ? 0 : min(max(0, selected), count - 1)
    }

    /// Moves the offset so the selection is visible in `height` rows.
    public mutating func scrollToSelection(height: Int) {
        guard height > 0 else { return }
        if selected < offset { offset = selected }
        if selected >= offset + height { offset = selected - height + 1 }
        offset = max(0, offset)
    }
}

/// A vertical list of styled rows with a highlighted selection and a scroll indicator.
public struct ListView: StatefulView, Sendable {
    public var rows: [StyledLine]
    public var isFocused: Bool

    public init(rows: [StyledLine], isFocused: Bool = true) {
        self.rows = rows
        self.isFocused = isFocused
    }

    /// Draws the rows that fit, scrolled so the selection shows; updates `state`'s offset.
    public func render(in area: Rect, state: inout ListState, into buffer: inout CellBuffer) {
        guard !area.isEmpty else { return }
        state.clamp(count: rows.count)
        state.scrollToSelection(height: area.height)
        let needsBar = rows.count > area.height
        let textArea = needsBar ? area.inset(right: 1) : area
        for row in 0..<area.height {
            let index = state.offset + row
            guard index < rows.count else { break }
            let y = area.y + row
            let line = Rect(x: textArea.x, y: y, width: textArea.width, height: 1)
            buffer.put(rows[index], x: textArea.x, y: y, clip: line)
            if index == state.selected {
                let highlight = isFocused ? Theme.selection : Theme.selectionUnfocused
                buffer.restyle(line) { _ in highlight }
            }
        }
        if needsBar {
            ScrollIndicator(total: rows.count, visible: area.height, offset: state.offset).render(
                in: area, into: &buffer)
        }
    }
}

/// A one-column scroll bar on the right edge of an area.
public struct ScrollIndicator: View, Sendable {
    public var total: Int
    public var visible: Int
    public var offset: Int

    public init(total: Int, visible: Int, offset: Int) {
        self.total = total
        self.visible = visible
        self.offset = offset
    }

    public func render(in area: Rect, into buffer: inout CellBuffer) {
        guard area.height > 0, total > visible else { return }
        let x = area.maxX - 1
        let thumb = max(1, area.height * visible / total)
        let maxOffset = max(1, total - visible)
        let start = (area.height - thumb) * min(offset, maxOffset) / maxOffset
        for row in 0..<area.height {
            let isThumb = row >= start && row < start + thumb
            buffer.put(isThumb ? "█" : "│", x: x, y: area.y + row, style: Theme.muted)
        }
    }
}
