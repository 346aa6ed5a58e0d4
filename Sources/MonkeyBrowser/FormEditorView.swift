import HTMLText
import TerminalUI
import TextWidth

/// Draws what edits a form field over the page: the text field in the field's box, a `select`'s options in
/// a list, or the `textarea` editor. Returns the cursor.
struct FormEditorView {
    let app: BrowserApp
    let page: Rect

    func render(into buffer: inout CellBuffer) -> Point? {
        guard let shown = app.tabs.selected.page, !page.isEmpty else { return nil }
        switch app.mode {
        case .field(let editor):
            return renderField(editor, shown: shown, into: &buffer)
        case .choosing(let chooser):
            renderChooser(chooser, shown: shown, into: &buffer)
            return nil
        case .textarea(let editor):
            return renderTextArea(editor, shown: shown, into: &buffer)
        default:
            return nil
        }
    }

    /// The field's box on screen: inside its brackets, on the row where its line is.
    private func renderField(_ editor: FieldEditor, shown: DisplayedPage, into buffer: inout CellBuffer) -> Point? {
        let fields = shown.document.fields
        guard fields.indices.contains(editor.field), let number = fields[editor.field].number else { return nil }
        let tab = app.tabs.selected
        guard let spot = shown.linkSpots.first(where: { $0.number == number }) else { return nil }
        let row = spot.line - tab.scroll.top
        guard row >= 0, row < page.height else { return nil }
        let line = shown.layout.lines[spot.line]
        let shift = line.isPreformatted ? tab.scroll.left : 0
        let x = page.x + 1 + spot.column + 1 - shift
        let width = max(1, spot.width - 2)
        let box = Rect(
            x: max(page.x + 1, x), y: page.y + row, width: min(width, page.maxX - 1 - max(page.x + 1, x)), height: 1)
        guard box.width > 0 else { return nil }
        let shown = fields[editor.field].kind == .password ? Self.masked(editor.state) : editor.state
        var state = shown
        let field = TextField(style: Theme.selection)
        field.render(in: box, state: &state, into: &buffer)
        return field.cursor(in: box, state: state)
    }

    /// A password as `*`s, the cursor where it is in the real text.
    static func masked(_ state: TextFieldState) -> TextFieldState {
        let count = state.text.count
        var masked = TextFieldState(text: String(repeating: "*", count: count))
        for _ in 0..<(count - state.cursor) { _ = masked.handle(KeyPress(.left)) }
        return masked
    }

    private func renderChooser(_ chooser: OptionChooser, shown: DisplayedPage, into buffer: inout CellBuffer) {
        let fields = shown.document.fields
        guard fields.indices.contains(chooser.field) else { return }
        let field = fields[chooser.field]
        let height = min(field.options.count + 2, page.height)
        let width = min(page.width - 2, max(36, field.boxWidth + 12))
        guard height >= 3, width >= 8 else { return }
        let area = Rect(
            x: page.x + (page.width - width) / 2, y: page.y + (page.height - height) / 2, width: width, height: height)
        let title = chooser.multiple ? "Space chooses, Enter done" : "Enter chooses, Esc cancels"
        Box(title: title).render(in: area, into: &buffer)
        let inner = Box(title: title).inner(of: area)
        var list = chooser.list
        list.scrollToSelection(height: inner.height)
        for row in 0..<inner.height {
            let index = list.offset + row
            guard index < field.options.count else { break }
            let option = field.options[index]
            var text = chooser.multiple ? (chooser.chosen.contains(index) ? "[x] " : "[ ] ") : ""
            if let group = option.group, !group.isEmpty { text += group + " › " }
            text += option.label
            let style = index == list.selected ? Theme.selection : option.disabled ? Theme.muted : Theme.text
            let line = Rect(x: inner.x, y: inner.y + row, width: inner.width, height: 1)
            if index == list.selected { buffer.fill(line, style: style) }
            buffer.put(
                TextWidth.truncate(text, to: inner.width), x: inner.x, y: inner.y + row, style: style, clip: line)
        }
    }

    private func renderTextArea(_ editor: TextAreaEditor, shown: DisplayedPage, into buffer: inout CellBuffer)
        -> Point?
    {
        let fields = shown.document.fields
        guard fields.indices.contains(editor.field), page.height >= 3, page.width >= 8 else { return nil }
        let name = fields[editor.field].name
        let title = "Editing \(name.isEmpty ? "text" : name) — Esc when done"
        Box(title: title).render(in: page, into: &buffer)
        let inner = Box(title: title).inner(of: page)
        var cursor: Point?
        for row in 0..<inner.height {
            let index = editor.top + row
            guard index < editor.lines.count else { break }
            let characters = editor.lines[index]
            // Lines longer than the box scroll sideways around the cursor.
            let scroll = index == editor.row ? max(0, editor.column - (inner.width - 1)) : 0
            let visible = String(characters[min(scroll, characters.count)...])
            let clip = Rect(x: inner.x, y: inner.y + row, width: inner.width, height: 1)
            buffer.put(visible, x: inner.x, y: inner.y + row, style: Theme.field, clip: clip)
            if index == editor.row {
                let before = TextWidth.of(String(characters[min(scroll, characters.count)..<editor.column]))
                cursor = Point(x: inner.x + before, y: inner.y + row)
            }
        }
        return cursor
    }
}
