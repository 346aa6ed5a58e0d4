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

    /// Draws the overlay; when the keys do not fit one below the other, the suite's stand beside the app's.
    func render(in screen: Rect, into buffer: inout CellBuffer) {
        var shown = lines()
        if shown.count > screen.height - 5, !appKeys.isEmpty {
            let appWidth = appKeys.map { TextWidth.of($0.keys) }.max() ?? 0
            let suiteWidth = suiteKeys.map { TextWidth.of($0.keys) }.max() ?? 0
            shown = Self.columns(
                [StyledLine(appName, style: Theme.heading)] + appKeys.map { Self.line($0, keyWidth: appWidth + 1) },
                [StyledLine("Suite", style: Theme.heading)] + suiteKeys.map { Self.line($0, keyWidth: suiteWidth + 1) })
        }
        Popover(title: "Keys: \(appName)", lines: shown, footer: "? or Esc close").render(in: screen, into: &buffer)
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

    /// One key and what it does, the keys in a column of their own.
    static func line(_ item: HelpItem, indent: Int = 1, keyWidth: Int = 16) -> StyledLine {
        StyledLine([
            .init(String(repeating: " ", count: indent) + TextWidth.pad(item.keys, to: keyWidth), Theme.accent),
            .init(item.label),
        ])
    }
}
