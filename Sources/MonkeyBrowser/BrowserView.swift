import Foundation
import HTMLText
import TerminalUI
import TextWidth

/// Draws the browser: tabs, address bar, page (link focus and find matches highlighted), status line.
struct BrowserView {
    let app: BrowserApp
    let layout: BrowserLayout

    /// The spinner's frames, one per tenth of a second.
    static let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    static func tabBar(for app: BrowserApp) -> TabBar {
        let titles = app.tabs.tabs.enumerated().map { index, tab in
            var title = "\(index + 1) \(tab.label)"
            if tab.notice == .continuing {
                title += " ⇆"
            } else if tab.loading != nil {
                title += " " + spinner[app.spinnerFrame % spinner.count]
            }
            return title
        }
        return TabBar(titles: titles, selected: app.tabs.selectedIndex)
    }

    func render(into buffer: inout CellBuffer) -> Point? {
        Self.tabBar(for: app).render(in: layout.tabBar, into: &buffer)
        var cursor = renderAddressBar(into: &buffer)
        renderPrompt(into: &buffer)
        renderPage(into: &buffer)
        if let editorCursor = FormEditorView(app: app, page: layout.page).render(into: &buffer) {
            cursor = editorCursor
        }
        if let findCursor = renderStatus(into: &buffer) { cursor = findCursor }
        return cursor
    }

    private func renderAddressBar(into buffer: inout CellBuffer) -> Point? {
        let row = layout.addressBar
        guard !row.isEmpty else { return nil }
        let tab = app.tabs.selected
        buffer.fill(row, style: Theme.bar)
        var x = buffer.put(" ", x: row.x, y: row.y, style: Theme.bar, clip: row)
        x = buffer.put("◀", x: x, y: row.y, style: tab.history.canGoBack ? Theme.bar : Theme.barDim, clip: row)
        x = buffer.put(" ", x: x, y: row.y, style: Theme.bar, clip: row)
        x = buffer.put("▶", x: x, y: row.y, style: tab.history.canGoForward ? Theme.bar : Theme.barDim, clip: row)
        x = buffer.put(" ", x: x, y: row.y, style: Theme.bar, clip: row)
        let field = Rect(x: x, y: row.y, width: row.maxX - x - 1, height: 1)
        if case .address(var state) = app.mode {
            let view = TextField(placeholder: "Type an address, Enter to go, Esc to cancel")
            view.render(in: field, state: &state, into: &buffer)
            return view.cursor(in: field, state: state)
        }
        buffer.fill(field, style: Theme.field)
        let address = tab.address ?? ""
        buffer.put(
            TextWidth.truncate(address, to: field.width), x: field.x, y: field.y, style: Theme.field, clip: field)
        return nil
    }

    private func renderPrompt(into buffer: inout CellBuffer) {
        let row = layout.prompt
        guard !row.isEmpty else { return }
        if case .confirmResubmit(let step) = app.mode {
            buffer.fill(row, style: Theme.warning)
            let what = step == 0 ? "Reloading" : "Going \(step < 0 ? "back" : "forward")"
            buffer.put(
                " \(what) sends the form again. Send it? (y/n)", x: row.x, y: row.y, style: Theme.warning, clip: row)
        } else if case .confirmDownload(let offer) = app.mode {
            buffer.fill(row, style: Theme.warning)
            buffer.put(" " + offer.question, x: row.x, y: row.y, style: Theme.warning, clip: row)
        } else if app.tabs.selected.storeSlug != nil {
            buffer.fill(row, style: Theme.info)
            buffer.put(" An Apple Store page: Open in Stores (o)", x: row.x, y: row.y, style: Theme.info, clip: row)
        } else if let problem = app.problem {
            buffer.fill(row, style: Theme.warning)
            buffer.put(" " + problem, x: row.x, y: row.y, style: Theme.warning, clip: row)
        }
    }

    private func renderPage(into buffer: inout CellBuffer) {
        let area = layout.page
        let tab = app.tabs.selected
        guard !area.isEmpty else { return }
        guard let page = tab.page else {
            let text =
                tab.notice == .continuing ? TabNotice.continuing.text : tab.loading.map { "Loading \($0.url)…" } ?? ""
            buffer.put(text, x: area.x + 1, y: area.y, style: Theme.muted, clip: area)
            return
        }
        let text = area.inset(left: 1, right: 1)
        let lines = page.layout.lines
        let values = tab.history.current?.form ?? FormValues()
        for row in 0..<area.height {
            let index = tab.scroll.top + row
            guard index < lines.count else { break }
            let line = lines[index]
            let shift = line.isPreformatted ? tab.scroll.left : 0
            let clip = Rect(x: text.x, y: text.y + row, width: text.width, height: 1)
            let shown = FieldFill.line(line, page: page, values: values)
            buffer.put(PageLineStyle.line(shown), x: text.x - shift, y: clip.y, clip: clip)
            highlight(line: index, row: clip, shift: shift, page: page, tab: tab, into: &buffer)
        }
        ScrollIndicator(total: lines.count, visible: area.height, offset: tab.scroll.top).render(
            in: area, into: &buffer)
    }

    /// Restyles the focused link and the find matches on one screen row.
    private func highlight(
        line: Int, row: Rect, shift: Int, page: DisplayedPage, tab: BrowserTab, into buffer: inout CellBuffer
    ) {
        if let focused = tab.focusedLink {
            for spot in page.linkSpots where spot.line == line && spot.number == focused {
                let cells = Rect(x: row.x + spot.column - shift, y: row.y, width: spot.width, height: 1)
                buffer.restyle(clip(cells, to: row)) { _ in Theme.selection }
            }
        }
        if let find = tab.find {
            let current = find.currentMatch
            for match in find.matches where match.line == line {
                let cells = Rect(x: row.x + match.column - shift, y: row.y, width: match.width, height: 1)
                buffer.restyle(clip(cells, to: row)) { _ in match == current ? Theme.selection : Theme.warning }
            }
        }
    }

    private func clip(_ rect: Rect, to bounds: Rect) -> Rect {
        let x0 = max(rect.x, bounds.x)
        let x1 = min(rect.maxX, bounds.maxX)
        return Rect(x: x0, y: rect.y, width: x1 - x0, height: rect.height)
    }

    /// The status line; returns the cursor when the find prompt is open.
    private func renderStatus(into buffer: inout CellBuffer) -> Point? {
        let row = layout.status
        guard !row.isEmpty else { return nil }
        let prompts: (label: String, placeholder: String, state: TextFieldState)? =
            switch app.mode {
            case .find(let state): (" Find: ", "text to find, Enter to search, Esc to cancel", state)
            case .remind(let state): (" Remind me in: ", "10m, 2h or 17:30, Enter to set, Esc to cancel", state)
            default: nil
            }
        if let (label, placeholder, fieldState) = prompts {
            var state = fieldState
            buffer.fill(row, style: Theme.bar)
            let x = buffer.put(label, x: row.x, y: row.y, style: Theme.bar, clip: row)
            let field = Rect(x: x, y: row.y, width: row.maxX - x - 1, height: 1)
            let view = TextField(placeholder: placeholder)
            view.render(in: field, state: &state, into: &buffer)
            return view.cursor(in: field, state: state)
        }
        let status = StatusText(app: app)
        StatusLine(left: status.left, right: status.right, style: status.isAlert ? Theme.warning : Theme.bar).render(
            in: row, into: &buffer)
        return nil
    }
}
