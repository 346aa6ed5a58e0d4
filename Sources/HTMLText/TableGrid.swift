import TextWidth

/// Draws table rows side by side at fixed column widths, with box-drawing rules when bordered.
struct TableGrid {
    enum RuleKind { case top, middle, bottom }

    let widths: [Int]
    let border: Bool
    let indent: Int
    /// How wide tables inside the cells are laid out.
    var wideTables: WideTableLayout = .linearise

    static func separatorWidth(border: Bool) -> Int { border ? 3 : 2 }

    /// Columns taken by separators and edges around `columns` columns.
    static func overhead(columns: Int, border: Bool) -> Int {
        guard columns > 0 else { return 0 }
        return separatorWidth(border: border) * (columns - 1) + (border ? 4 : 0)
    }

    func rule(_ kind: RuleKind) -> TextLine {
        let (left, middle, right): (StaticString, StaticString, StaticString) =
            switch kind {
            case .top: ("┌─", "─┬─", "─┐")
            case .middle: ("├─", "─┼─", "─┤")
            case .bottom: ("└─", "─┴─", "─┘")
            }
        // Built as UTF-8 bytes: repeating a non-ASCII String character by character is slow.
        let horizontal: StaticString = "─"
        var bytes = [UInt8](repeating: 0x20, count: indent)
        bytes.reserveCapacity(indent + widths.reduce(0, +) * 3 + widths.count * 9 + 6)
        bytes.append(left)
        for (index, width) in widths.enumerated() {
            if index > 0 { bytes.append(middle) }
            for _ in 0..<width { bytes.append(horizontal) }
        }
        bytes.append(right)
        return TextLine(spans: [TextSpan(text: String(decoding: bytes, as: UTF8.self))])
    }

    /// One table row as lines, with the anchors inside its cells (line index within the row).
    func render(_ row: [TableCell]) -> LineWriter.Output {
        var cells: [(lines: [TextLine], width: Int)] = []
        var anchors: [String: Int] = [:]
        var column = 0
        for cell in row where column < widths.count {
            let span = min(cell.columnSpan, widths.count - column)
            let width =
                widths[column..<(column + span)].reduce(0, +) + Self.separatorWidth(border: border)
                * (span - 1)
            var writer = LineWriter(wideTables: wideTables)
            BlockLayout.layout(cell.blocks, width: width, indent: 0, into: &writer)
            let laidOut = writer.finish()
            cells.append((laidOut.lines, width))
            anchors.merge(laidOut.anchors) { first, _ in first }
            column += span
        }
        for remaining in column..<widths.count { cells.append(([], widths[remaining])) }
        let height = max(1, cells.map { $0.lines.count }.max() ?? 0)
        let separator = TextSpan(text: border ? " │ " : "  ")
        var lines: [TextLine] = []
        lines.reserveCapacity(height)
        let start = TextSpan(text: String.spaces(indent) + (border ? "│ " : ""))
        for index in 0..<height {
            var spans: [TextSpan] = []
            spans.reserveCapacity(cells.count * 3 + 2)
            if !start.text.isEmpty { spans.append(start) }
            var overflows = false
            for (number, cell) in cells.enumerated() {
                if number > 0 { spans.append(separator) }
                let line = index < cell.lines.count ? cell.lines[index] : TextLine()
                // Without a border the line's trailing spaces are trimmed, so the last cell is not padded; and
                // a preformatted line there runs on past the cell as it does past the page (as in w3m),
                // rather than losing its end. The row's line is then preformatted too, for the table around.
                let last = !border && number == cells.count - 1
                if last, line.isPreformatted, line.width > cell.width {
                    spans.append(contentsOf: line.spans)
                    overflows = true
                } else {
                    Self.appendFitted(line.spans, to: cell.width, padded: !last, into: &spans)
                }
            }
            if border { spans.append(TextSpan(text: " │")) } else { Self.trimTrailingSpaces(&spans) }
            lines.append(TextLine(spans: spans, isPreformatted: overflows))
        }
        return LineWriter.Output(lines: lines, anchors: anchors)
    }

    /// Appends `spans` cut to `width` columns, and padded with spaces to exactly `width` when `padded`.
    static func appendFitted(_ spans: [TextSpan], to width: Int, padded: Bool, into out: inout [TextSpan]) {
        var used = 0
        for span in spans {
            let spanWidth = DisplayWidth.of(span.text)
            if used + spanWidth <= width {
                out.append(span)
                used += spanWidth
            } else {
                let cut = DisplayWidth.prefix(span.text, fitting: width - used)
                if !cut.text.isEmpty { out.append(TextSpan(text: cut.text, style: span.style)) }
                used += cut.width
                break
            }
        }
        if padded, used < width { out.append(TextSpan(text: String.spaces(width - used))) }
    }

    private static func trimTrailingSpaces(_ spans: inout [TextSpan]) {
        while let last = spans.last {
            let utf8 = last.text.utf8
            let kept =
                utf8.withContiguousStorageIfAvailable { bytes in
                    (bytes.lastIndex { $0 != 0x20 }).map { $0 + 1 } ?? 0
                } ?? (utf8.lastIndex { $0 != 0x20 }).map { utf8.distance(from: utf8.startIndex, to: $0) + 1 } ?? 0
            guard kept > 0 else {
                spans.removeLast()
                continue
            }
            if kept != utf8.count {
                spans[spans.count - 1].text = String(decoding: utf8.prefix(kept), as: UTF8.self)
            }
            return
        }
    }
}
