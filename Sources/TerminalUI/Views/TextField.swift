import TextWidth

/// The text and cursor of a single-line text field, with the usual editing keys.
///
/// Keys: printable text inserts; Left/Right, Home/End, Ctrl-A/Ctrl-E move; Backspace/Delete erase;
/// Ctrl-K kills to the end, Ctrl-U to the start, Ctrl-W the word before the cursor.
public struct TextFieldState: Hashable, Sendable {
    public private(set) var text: String
    /// Cursor position in characters (grapheme clusters).
    public private(set) var cursor: Int

    public init(text: String = "") {
        self.text = text
        cursor = text.count
    }

    /// What a key did to the field.
    public enum Outcome: Sendable, Equatable {
        case edited, moved, submitted, cancelled, ignored
    }

    /// Replaces the text and puts the cursor at its end.
    public mutating func set(_ newText: String) {
        text = newText
        cursor = newText.count
    }

    public mutating func handle(_ press: KeyPress) -> Outcome {
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
}

/// Draws a text field; scrolls horizontally so the cursor stays visible; returns the cursor's cell.
public struct TextField: Sendable {
    public var placeholder: String
    public var style: Style

    public init(placeholder: String = "", style: Style = Theme.field) {
        self.placeholder = placeholder
        self.style = style
    }

    @discardableResult
    public func render(_ state: TextFieldState, in area: Rect, into buffer: inout CellBuffer)
        -> Point?
    {
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
        buffer.put(String(characters[start...]), x: row.x, y: row.y, style: style, clip: row)
        return Point(x: row.x + beforeCursor - skipped, y: row.y)
    }
}
