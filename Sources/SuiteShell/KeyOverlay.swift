import TerminalUI

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

    func render(in screen: Rect, into buffer: inout CellBuffer) {
        Popover(title: "Keys: \(appName)", lines: lines(), footer: "? or Esc close").render(in: screen, into: &buffer)
    }

    /// One key and what it does, the keys in a column of their own.
    static func line(_ item: HelpItem, indent: Int = 1) -> StyledLine {
        StyledLine([
            .init(
                String(repeating: " ", count: indent) + item.keys.padding(toLength: 16, withPad: " ", startingAt: 0),
                Theme.accent),
            .init(item.label),
        ])
    }
}
