import TerminalUI
import TextWidth
import WidgetExtensionKit

/// Draws the Today panel: the cards top to bottom, or the Edit list.
struct TodayPanelView {
    let app: TodayApp

    /// The spinner's frames, one per tenth of a second.
    static let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    /// The widest a card gets.
    static let maximumCardWidth = 72

    /// The text width a widget gets in a panel of `area`: the card's inside, less a space each side.
    static func contentWidth(for area: Rect) -> Int {
        min(area.width - 2, maximumCardWidth) - 4
    }

    func render(in area: Rect, into buffer: inout CellBuffer) {
        guard !area.isEmpty else { return }
        let column = Rect(
            x: area.x + 1, y: area.y, width: min(area.width - 2, Self.maximumCardWidth), height: area.height)
        var rest = column
        if let notice = app.notice {
            buffer.put(TextWidth.truncate(notice, to: column.width), x: column.x, y: rest.y, style: Theme.warning)
            rest = rest.splitTop(2).rest
        }
        if case .failure(let error) = app.catalog {
            buffer.put("No widgets: \(error)", x: column.x, y: rest.y, style: Theme.muted, clip: column)
            return
        }
        if app.isEditing {
            renderEdit(in: rest, into: &buffer)
        } else {
            renderCards(in: rest, into: &buffer)
        }
    }

    private func renderCards(in area: Rect, into buffer: inout CellBuffer) {
        guard !app.cards.isEmpty else {
            buffer.put("No widgets. Press e to add widgets.", x: area.x, y: area.y, style: Theme.muted, clip: area)
            return
        }
        let heights = app.cards.map { lines(for: $0).count + 2 }
        // Start late enough that the selected card fits.
        var first = 0
        while first < app.selected && heights[first...app.selected].reduce(0, +) > area.height { first += 1 }
        var rest = area
        for index in first..<app.cards.count {
            guard rest.height >= 3 else { break }
            let split = rest.splitTop(heights[index])
            renderCard(app.cards[index], isSelected: index == app.selected, in: split.top, into: &buffer)
            rest = split.rest
        }
    }

    private func renderCard(_ card: WidgetCard, isSelected: Bool, in area: Rect, into buffer: inout CellBuffer) {
        let marker = card.displayMode == .expanded ? "▾" : "▸"
        var title = "\(marker) \(card.widget.displayName)"
        if card.isUpdating { title += " \(Self.spinner[app.spinnerFrame % Self.spinner.count])" }
        let style = isSelected ? Theme.accent : Theme.border
        Box(title: title, style: style).render(in: area, into: &buffer)
        let inner = Box(title: title, style: style).inner(of: area)
        let text = inner.inset(left: 1, right: 1)
        for (row, line) in lines(for: card).enumerated() where row < text.height {
            buffer.put(line, x: text.x, y: text.y + row, clip: text)
        }
    }

    /// The card's text lines: content, "Loading…", or "Unable to Load" (with the reason when expanded).
    private func lines(for card: WidgetCard) -> [StyledLine] {
        switch card.status {
        case .loading: return [StyledLine("Loading…", style: Theme.muted)]
        case .loaded(let content):
            return content.lines.isEmpty ? [StyledLine("")] : content.lines.map { StyledLine($0) }
        case .unableToLoad(let reason):
            let title = StyledLine("Unable to Load", style: Theme.muted)
            guard card.displayMode == .expanded else { return [title] }
            return [title, StyledLine(reason, style: Theme.muted)]
        }
    }

    private func renderEdit(in area: Rect, into buffer: inout CellBuffer) {
        let rows = app.editRows
        let height = min(area.height, rows.count + 4)
        let box = Box(title: "Edit Widgets", style: Theme.accent)
        let boxArea = Rect(x: area.x, y: area.y, width: area.width, height: height)
        box.render(in: boxArea, into: &buffer)
        let inner = box.inner(of: boxArea)
        guard !inner.isEmpty else { return }
        let enabled = Set(app.preferences.enabled)
        let lines = rows.map { widget -> StyledLine in
            let on = enabled.contains(widget.bundleIdentifier)
            var line = StyledLine(on ? " [✓] " : " [ ] ", style: on ? Theme.accent : Theme.muted)
            line.append(widget.displayName)
            return line
        }
        let split = inner.splitBottom(1)
        if lines.isEmpty {
            buffer.put(" No widgets are installed.", x: split.rest.x, y: split.rest.y, style: Theme.muted)
        } else {
            var state = app.editList
            ListView(rows: lines).render(in: split.rest.inset(bottom: 1), state: &state, into: &buffer)
        }
        buffer.put(
            " Enabled widgets show in this order.", x: split.bottom.x, y: split.bottom.y, style: Theme.muted,
            clip: split.bottom)
    }
}
