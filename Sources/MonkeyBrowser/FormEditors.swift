import TerminalUI

/// A one-line form field being edited in place: which field, the text so far, and the value it had.
public struct FieldEditor: Hashable, Sendable {
    /// The field's index in the document's fields.
    public var field: Int
    public var state: TextFieldState
    /// The value before editing, put back by `Esc`.
    public var original: String
}

/// A `select`'s options shown in a list: the highlighted one, and for `multiple` the chosen ones.
public struct OptionChooser: Hashable, Sendable {
    public var field: Int
    public var list: ListState
    public var chosen: Set<Int>
    public var multiple: Bool
}

/// The multi-line editor of a `textarea`: its lines and the cursor (line, character).
public struct TextAreaEditor: Hashable, Sendable {
    public var field: Int
    public private(set) var lines: [[Character]]
    public private(set) var row = 0
    public private(set) var column = 0
    /// The first line shown.
    public var top = 0

    public init(field: Int, text: String) {
        self.field = field
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        if lines.isEmpty { lines = [[]] }
        row = lines.count - 1
        column = lines[row].count
    }

    public var text: String { lines.map { String($0) }.joined(separator: "\n") }

    /// What a key did.
    public enum Outcome: Sendable, Equatable { case edited, moved, done, ignored }

    /// Typing, `Enter` (new line), `Backspace`/`Delete`, arrows, `Home`/`End`; `Esc` ends editing (the text
    /// is kept).
    public mutating func handle(_ press: KeyPress) -> Outcome {
        switch (press.key, press.modifiers) {
        case (.escape, []):
            return .done
        case (.enter, []):
            let rest = Array(lines[row][column...])
            lines[row].removeSubrange(column...)
            lines.insert(rest, at: row + 1)
            row += 1
            column = 0
        case (.backspace, []):
            if column > 0 {
                lines[row].remove(at: column - 1)
                column -= 1
            } else if row > 0 {
                let line = lines.remove(at: row)
                row -= 1
                column = lines[row].count
                lines[row] += line
            } else {
                return .ignored
            }
        case (.delete, []):
            if column < lines[row].count {
                lines[row].remove(at: column)
            } else if row + 1 < lines.count {
                lines[row] += lines.remove(at: row + 1)
            } else {
                return .ignored
            }
        case (.left, []):
            if column > 0 {
                column -= 1
            } else if row > 0 {
                row -= 1
                column = lines[row].count
            }
            return .moved
        case (.right, []):
            if column < lines[row].count {
                column += 1
            } else if row + 1 < lines.count {
                row += 1
                column = 0
            }
            return .moved
        case (.up, []):
            if row > 0 { row -= 1 }
            column = min(column, lines[row].count)
            return .moved
        case (.down, []):
            if row + 1 < lines.count { row += 1 }
            column = min(column, lines[row].count)
            return .moved
        case (.home, []):
            column = 0
            return .moved
        case (.end, []):
            column = lines[row].count
            return .moved
        default:
            guard let typed = press.text else { return .ignored }
            lines[row].insert(typed, at: column)
            column += 1
        }
        return .edited
    }

    /// Scrolls so the cursor's line is among `height` lines shown.
    public mutating func reveal(height: Int) {
        if row < top { top = row }
        if row >= top + height { top = row - height + 1 }
    }
}
