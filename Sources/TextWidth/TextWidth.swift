import CTextWidth

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Display widths of text in terminal columns, measured with the C library's `wcwidth`.
///
/// A grapheme cluster takes the sum of its scalars' widths, as ncurses and wcwidth-based terminals draw
/// it (a variation selector or combining mark adds nothing); control characters count zero.
public enum TextWidth {
    /// Makes sure `wcwidth` answers for Unicode: the process needs a UTF-8 `LC_CTYPE`.
    /// Keeps the user's locale when it is already UTF-8; otherwise switches `LC_CTYPE` to `C.UTF-8`.
    public static func ensureUTF8Locale() {
        _ = localeReady
    }

    private static let localeReady: Bool = {
        if let current = setlocale(LC_CTYPE, nil), isUTF8(String(cString: current)) { return true }
        if let chosen = setlocale(LC_CTYPE, ""), isUTF8(String(cString: chosen)) { return true }
        return setlocale(LC_CTYPE, "C.UTF-8") != nil
    }()

    private static func isUTF8(_ locale: String) -> Bool {
        let lower = locale.lowercased()
        return lower.contains("utf-8") || lower.contains("utf8")
    }

    /// Width of one Unicode scalar: 0, 1 or 2 columns (control characters count 0).
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }
        ensureUTF8Locale()
        let width = Int(baton_wcwidth(value))
        return width < 0 ? 0 : min(width, 2)
    }

    /// Width of one grapheme cluster as wcwidth-based terminals (xterm, tmux) draw it: the sum of its
    /// scalars' widths. A variation selector or joiner adds nothing (☀️ takes one column), while a
    /// flag's two regional indicators or an emoji with a skin tone take the columns of both parts.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.count == 1 { return of(first) }
        var width = 0
        for scalar in scalars { width += of(scalar) }
        return width
    }

    /// A grapheme cluster split into terminal cells: each scalar that takes columns starts a cell, and
    /// zero-width scalars (combining marks, selectors, joiners) stay with the cell before them.
    public static func cells(of character: Character) -> [(text: String, width: Int)] {
        var cells: [(text: String, width: Int)] = []
        for scalar in character.unicodeScalars {
            let width = of(scalar)
            if width > 0 || cells.isEmpty {
                cells.append((String(scalar), width))
            } else {
                cells[cells.count - 1].text.unicodeScalars.append(scalar)
            }
        }
        return cells.filter { $0.width > 0 }
    }

    /// Width of a string: the sum of its grapheme clusters' widths.
    public static func of<S: StringProtocol>(_ text: S) -> Int {
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// The longest prefix of `text` that fits in `columns`, and its width.
    public static func prefix<S: StringProtocol>(_ text: S, fitting columns: Int) -> (
        text: Substring, width: Int
    ) {
        let base = Substring(text)
        var width = 0
        var end = base.startIndex
        while end < base.endIndex {
            let w = of(base[end])
            if width + w > columns { break }
            width += w
            end = base.index(after: end)
        }
        return (base[base.startIndex..<end], width)
    }

    /// `text` cut to `columns`, with an ellipsis when it had to be cut.
    public static func truncate<S: StringProtocol>(_ text: S, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        if of(text) <= columns { return String(text) }
        let cut = prefix(text, fitting: columns - 1)
        return String(cut.text) + "…"
    }

    /// The longest suffix of `text` that fits in `columns`, and its width.
    public static func suffix<S: StringProtocol>(_ text: S, fitting columns: Int) -> (
        text: Substring, width: Int
    ) {
        let base = Substring(text)
        var width = 0
        var start = base.endIndex
        while start > base.startIndex {
            let before = base.index(before: start)
            let w = of(base[before])
            if width + w > columns { break }
            width += w
            start = before
        }
        return (base[start..<base.endIndex], width)
    }

    /// `text` cut to `columns` in the middle, keeping its start and (the larger part) its end around an
    /// ellipsis: an address keeps its scheme and host and its file name, as browsers' address bars do.
    public static func elideMiddle<S: StringProtocol>(_ text: S, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        if of(text) <= columns { return String(text) }
        guard columns > 2 else { return truncate(text, to: columns) }
        let head = prefix(text, fitting: (columns - 1) / 3)
        let tail = suffix(text, fitting: columns - 1 - head.width)
        return String(head.text) + "…" + String(tail.text)
    }

    /// `text` padded with spaces (or cut) to exactly `columns`.
    public static func pad<S: StringProtocol>(_ text: S, to columns: Int) -> String {
        let cut = prefix(text, fitting: columns)
        return String(cut.text) + String(repeating: " ", count: max(0, columns - cut.width))
    }
}
