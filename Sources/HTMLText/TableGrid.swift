import TextWidth

/// Draws table rows side by side at fixed column widths, with box-drawing rules when bordered.
struct TableGrid {
    enum RuleKind { case top, middle, bottom }

    let widths: [Int]
    let border: Bool
    let indent: Int

    static func separatorWidth(border: Bool) -> Int { border ? 3 : 2 }

    /// Columns taken by separators and edges around `columns` columns.
    static func overhead(columns: Int, border: Bool) -> Int {
        guard columns > 0 else { return 0 }
        return separatorWidth(border: border) * (columns - 1) + (border ? 4 : 0)
    }

    func rule(_ kind: RuleKind) -> TextLine {
        let (left, middle, right) =
            switch kind {
            case .top: ("┌─", "─┬─", "─┐")
            case .middle: ("├─", "─┼─", "─┤")
            case .bottom: ("└─", "─┴─", "─┘")
            }
        let text =
            left + widths.map { String(repeating: "─", count: $0) }.joined(separator: middle) + right
        return TextLine(spans: [TextSpan(text: String(repeating: " ", count: indent) + text)])
    }

    /// One table row as lines, with the anchors inside its cells (line index within the row).
    func render(_ row: [TableCell]) -> (lines: [TextLine], anchors: [String: Int]) {
        var cells: [(lines: [TextLine], width: Int)] = []
        var anchors: [String: Int] = [:]
        var column = 0
        for cell in row where column < widths.count {
            let span = min(cell.columnSpan, widths.count - column)
            let width =
                widths[column..<(column + span)].reduce(0, +) + Self.separatorWidth(border: border)
                * (span - 1)
            var writer = LineWriter()
            BlockLayout.layout(cell.blocks, width: width, indent: 0, into: &writer)
            let laidOut = writer.finish()
            cells.append((laidOut.lines, width))
            anchors.merge(laidOut.anchors) { first, _ in first }
            column += span
        }
        for remaining in column..<widths.count { cells.append(([], widths[remaining])) }
        let height = max(1, cells.map(\.lines.count).max() ?? 0)
        let separator = TextSpan(text: border ? " │ " : "  ")
        var lines: [TextLine] = []
        for index in 0..<height {
            var spans: [TextSpan] = []
            let start = String(repeating: " ", count: indent) + (border ? "│ " : "")
            if !start.isEmpty { spans.append(TextSpan(text: start)) }
            for (number, cell) in cells.enumerated() {
                if number > 0 { spans.append(separator) }
                let line = index < cell.lines.count ? cell.lines[index].spans : []
                spans.append(contentsOf: Self.fitted(line, to: cell.width))
            }
            if border { spans.append(TextSpan(text: " │")) } else { Self.trimTrailingSpaces(&spans) }
            lines.append(TextLine(spans: spans))
        }
        return (lines, anchors)
    }

    /// Spans cut or padded with spaces to exactly `width` columns.
    static func fitted(_ spans: [TextSpan], to width: Int) -> [TextSpan] {
        var out: [TextSpan] = []
        var used = 0
        for span in spans {
            let spanWidth = DisplayWidth.of(span.text)
            if used + spanWidth <= width {
                out.append(span)
                used += spanWidth
            } else {
                let cut = TextWidth.prefix(span.text, fitting: width - used)
                if !cut.text.isEmpty { out.append(TextSpan(text: String(cut.text), style: span.style)) }
                used += cut.width
                break
            }
        }
        if used < width { out.append(TextSpan(text: String(repeating: " ", count: width - used))) }
        return out
    }

    private static func trimTrailingSpaces(_ spans: inout [TextSpan]) {
        while let last = spans.last {
            let trimmed = String(last.text.reversed().drop(while: { $0 == " " }).reversed())
            if trimmed.isEmpty {
                spans.removeLast()
            } else {
                spans[spans.count - 1].text = trimmed
                return
            }
        }
    }
}
