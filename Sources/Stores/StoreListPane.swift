import Cartography
import TerminalUI
import TextWidth

/// The list beside the map: the stores in view nearest first, or the search results; favourites marked ★.
struct StoreListPane {
    let state: StoresState
    let search: TextFieldState?
    let isFocused: Bool

    /// Draws the pane; updates the list's scroll state and returns the search field's cursor when typing.
    func render(in area: Rect, list: inout ListState, into buffer: inout CellBuffer) -> Point? {
        let style = isFocused ? Theme.accent : Theme.border
        let box = Box(title: title, style: style)
        box.render(in: area, into: &buffer)
        let inner = box.inner(of: area)
        guard !inner.isEmpty else { return nil }
        var rest = inner
        var cursor: Point?
        if search != nil || state.query != nil {
            let split = rest.splitTop(1)
            cursor = renderSearchRow(in: split.top, into: &buffer)
            rest = split.rest
        }
        guard !state.rows.isEmpty else {
            buffer.put(emptyText, x: rest.x + 1, y: rest.y, style: Theme.muted, clip: rest)
            return cursor
        }
        list.selected = state.selectedRow ?? list.selected
        let rows = state.rows.map(row)
        ListView(rows: rows, isFocused: isFocused && search == nil).render(in: rest, state: &list, into: &buffer)
        return cursor
    }

    /// What `render` does to the list's state, done in update: the selection follows the state's and stays
    /// in view of the rows the pane in `area` shows.
    static func keepSelectionVisible(
        _ list: inout ListState, state: StoresState, search: TextFieldState?, in area: Rect
    ) {
        guard area.width >= 2, area.height >= 2, !state.rows.isEmpty else { return }
        let inner = area.inset(by: 1)
        let rows = search != nil || state.query != nil ? inner.splitTop(1).rest : inner
        list.selected = state.selectedRow ?? list.selected
        list.clamp(count: state.rows.count)
        list.scrollToSelection(height: rows.height)
    }

    private var title: String {
        switch (state.query, state.favouritesOnly) {
        case (nil, false): return "In view · \(state.rows.count)"
        case (nil, true): return "Favourites · \(state.rows.count)"
        case (.some, false): return "Search · \(state.rows.count)"
        case (.some, true): return "Search · \(state.rows.count) · ★ only"
        }
    }

    private var emptyText: String {
        switch (state.query, state.favouritesOnly) {
        case (nil, false): "No stores in view: zoom out (-) or search (/)"
        case (nil, true): "No favourites yet: select a store and press f"
        case (.some, false): "No store matches"
        case (.some, true): "No favourite matches"
        }
    }

    private func renderSearchRow(in row: Rect, into buffer: inout CellBuffer) -> Point? {
        let label = buffer.put("/ ", x: row.x, y: row.y, style: Theme.accent, clip: row)
        let field = Rect(x: label, y: row.y, width: row.maxX - label, height: 1)
        if var search {
            let view = TextField(placeholder: "name, city or country")
            view.render(in: field, state: &search, into: &buffer)
            return view.cursor(in: field, state: search)
        }
        buffer.put(state.query ?? "", x: field.x, y: field.y, style: Theme.text, clip: field)
        return nil
    }

    /// Whether the reason adds to what the row shows (its name, city and country code are on it already).
    static func saysMore(_ match: SearchMatch, than store: StoreRecord) -> Bool {
        if match.kind == .substring || match.canonical != nil { return true }
        switch match.field {
        case .name, .city: return false
        case .country: return match.matched != store.country
        case .region, .postalCode: return true
        }
    }

    private func row(_ store: StoreRecord) -> StyledLine {
        let isFavourite = state.favourites.contains(store.id)
        var line = StyledLine(isFavourite ? "★ " : "  ", style: MapStyles.favourite)
        line.append(store.name)
        line.append(" · \(store.city), \(store.country)", Theme.muted)
        // Why a search found it: "region IL = Illinois", "country UK = United Kingdom".
        if let match = state.matches[store.id], Self.saysMore(match, than: store) {
            line.append("  ← " + match.summary, Theme.muted)
        }
        return line
    }
}
