import TextWidth

/// The text and cursor of a single-line text field, with the usual editing keys.
///
/// Keys: printable text inserts; Left/Right, Home/End, Ctrl-A/Ctrl-E move; Backspace/Delete erase;
/// Ctrl-K kills to the end, Ctrl-U to the start, Ctrl-W the word before the cursor.
///
/// A field opened with `selected: true` shows its old text selected, as a browser's address bar does:
/// the first printable key replaces it, Backspace/Delete clear it, and a movement key keeps it for editing.
public struct TextFieldState: Hashable, Sendable {
    public private(set) var text: String
    /// Cursor position in characters (grapheme clusters).
    public private(set) var cursor: Int
    /// Whether the whole text is selected (typing replaces it).
    public private(set) var isAllSelected: Bool

    public init(text: String = "", selected: Bool = false) {
        self.text = text
        cursor = text.count
        isAllSelected = selected && !text.isEmpty
    }

    /// What a key did to the field.
    public enum Outcome: Sendable, Equatable {
        case edited, moved, submitted, cancelled, ignored
    }

    /// Replaces the text and puts the cursor at its end.
    public mutating func set(_ newText: String) {
        text = newText
        cursor = newText.count
        isAllSelected = false
    }

    public mutating func handle(_ press: KeyPress) -> Outcome {
        if isAllSelected { return handleWithSelection(press) }
        var characters = Array(text)
        switch (press.key, press.modifiers) {
        case (.enter, []): return .submitted
        case (.escape, []): return .cancelled
        case (.left, []):
            cursor = max(0, cursor - 1)
            return .moved
        case (.right, []):
            cursor = min(characters.count, cursor + 1)
            return .moved
        case (.home, []), (.character("a"), .control):
            cursor = 0
            return .moved
        case (.end, []), (.character("e"), .control):
            cursor = characters.count
            return .moved
        case (.backspace, []), (.character("h"), .control):
            guard cursor > 0 else { return .ignored }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case (.delete, []), (.character("d"), .control):
            guard cursor < characters.count else { return .ignored }
            characters.remove(at: cursor)
        case (.character("k"), .control):
            characters.removeSubrange(cursor...)
        case (.character("u"), .control):
            characters.removeSubrange(..<cursor)
            cursor = 0
        case (.character("w"), .control):
            var start = cursor
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        default:
            guard let typed = press.text, TextWidth.of(typed) > 0 else { return .ignored }
            characters.insert(typed, at: cursor)
            cursor += 1
        }
        text = String(characters)
        return .edited
    }

    /// A key while the whole text is selected: typing or erasing replaces it; other keys drop the selection.
    private mutating func handleWithSelection(_ press: KeyPress) -> Outcome {
        switch (press.key, press.modifiers) {
        case (.enter, []): return .submitted
        case (.escape, []): return .cancelled
        case (.backspace, []), (.character("h"), .control), (.delete, []), (.character("d"), .control),
            (.character("u"), .control), (.character("k"), .control), (.character("w"), .control):
            set("")
            return .edited
        default:
            if let typed = press.text, TextWidth.of(typed) > 0 {
                set(String(typed))
                return .edited
            }
            isAllSelected = false
            switch (press.key, press.modifiers) {
            case (.left, []):
                cursor = 0
                return .moved
            case (.right, []):
                return .moved
            default:
                return handle(press)
            }
        }
    }
}

/// Draws a text field; scrolls horizontally so the cursor stays visible (`cursor(in:state:)` says where it is).
public struct TextField: StatefulView, Sendable {
    public var placeholder: String
    public var style: Style

    public init(placeholder: String = "", style: Style = Theme.field) {
        self.placeholder = placeholder
        self.style = style
    }

    /// Draws the field's text (the state is only read).
    public func render(in area: Rect, state: inout TextFieldState, into buffer: inout CellBuffer) {
        _ = draw(state, in: area, into: &buffer)
    }

    /// Where the cursor of a field drawn in `area` is.
    public func cursor(in area: Rect, state: TextFieldState) -> Point? {
        var scratch = CellBuffer(size: Size(width: max(area.maxX, 0), height: max(area.maxY, 0)))
        return draw(state, in: area, into: &scratch)
    }

    private func draw(_ state: TextFieldState, in area: Rect, into buffer: inout CellBuffer) -> Point? {
        guard area.width > 0, area.height > 0 else { return nil }
        let row = area.splitTop(1).top
        buffer.fill(row, style: style)
        if state.text.isEmpty {
            buffer.put(placeholder, x: row.x, y: row.y, style: style.adding(.dim), clip: row)
            return Point(x: row.x, y: row.y)
        }
        let characters = Array(state.text)
        let beforeCursor = TextWidth.of(String(characters[..<state.cursor]))
        let scroll = max(0, beforeCursor - (row.width - 1))
        var skipped = 0
        var start = 0
        while start < characters.count, skipped < scroll {
            skipped += TextWidth.of(characters[start])
            start += 1
        }
        let textStyle = state.isAllSelected ? Theme.selection : style
        let end = buffer.put(String(characters[start...]), x: row.x, y: row.y, style: textStyle, clip: row)
        if state.isAllSelected { return Point(x: min(end, row.maxX - 1), y: row.y) }
        return Point(x: row.x + beforeCursor - skipped, y: row.y)
    }
}
