import TerminalUI
import TextWidth

/// The full key map of the current app and the suite, opened with `?` (as htop's and nano's help):
/// every binding of the app's tables, including those the help bar has no room for.
struct KeyOverlay {
    var appName: String
    var appKeys: [HelpItem]
    var suiteKeys: [HelpItem]

    /// The overlay's lines: the app's keys, then the suite's.
    func lines() -> [StyledLine] {
        var lines: [StyledLine] = []
        if !appKeys.isEmpty {
            lines.append(StyledLine(appName, style: Theme.heading))
            lines += appKeys.map { Self.line($0) }
            lines.append("")
        }
        lines.append(StyledLine("Suite", style: Theme.heading))
        lines += suiteKeys.map { Self.line($0) }
        return lines
    }

    /// How many lines the overlay shows at once over `screen` (the rest scroll).
    static func visibleLines(in screen: Rect) -> Int { max(1, screen.height - 5) }

    /// Draws the overlay from line `top`: when the keys do not fit one below the other, the suite's stand
    /// beside the app's if both columns fit whole; else the list scrolls (`↑`/`↓`, `Space`, `PgUp`/`PgDn`), so
    /// every key can be read at any size.
    func render(in screen: Rect, top: Int = 0, into buffer: inout CellBuffer) {
        var shown = lines()
        let visible = Self.visibleLines(in: screen)
        var footer = "? or Esc close"
        if shown.count > visible, !appKeys.isEmpty {
            let appWidth = appKeys.map { TextWidth.of($0.keys) }.max() ?? 0
            let suiteWidth = suiteKeys.map { TextWidth.of($0.keys) }.max() ?? 0
            let columns = Self.columns(
                [StyledLine(appName, style: Theme.heading)] + appKeys.map { Self.line($0, keyWidth: appWidth + 1) },
                [StyledLine("Suite", style: Theme.heading)] + suiteKeys.map { Self.line($0, keyWidth: suiteWidth + 1) })
            if columns.count <= visible, (columns.map(\.width).max() ?? 0) <= screen.width - 6 {
                shown = columns
            }
        }
        if shown.count > visible {
            let first = min(max(0, top), shown.count - visible)
            let width = shown.map(\.width).max() ?? 0
            shown = Array(shown[first..<(first + visible)])
            // As wide on every page as the widest line anywhere, so the box keeps still while it scrolls.
            shown[0].append(String(repeating: " ", count: max(0, width - shown[0].width)))
            footer = "\(first + 1)-\(first + visible)/\(lines().count) ↑/↓ PgDn scroll · ? or Esc close"
        }
        Popover(title: "Keys: \(appName)", lines: shown, footer: footer).render(in: screen, into: &buffer)
    }

    /// Two lists side by side, the left padded to its widest line.
    static func columns(_ left: [StyledLine], _ right: [StyledLine]) -> [StyledLine] {
        let width = left.map(\.width).max() ?? 0
        return (0..<max(left.count, right.count)).map { row in
            var line = row < left.count ? left[row] : StyledLine()
            line.append(String(repeating: " ", count: width - line.width + 3))
            if row < right.count { line.runs += right[row].runs }
            return line
        }
    }

    /// One key and what it does, the keys in a column of their own (keys wider than the column are kept
    /// whole, a space before what they do).
    static func line(_ item: HelpItem, indent: Int = 1, keyWidth: Int = 16) -> StyledLine {
        let keys = TextWidth.of(item.keys) < keyWidth ? TextWidth.pad(item.keys, to: keyWidth) : item.keys + " "
        return StyledLine([
            .init(String(repeating: " ", count: indent) + keys, Theme.accent),
            .init(item.label),
        ])
    }
}
