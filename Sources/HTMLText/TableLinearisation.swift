import TextWidth

/// A table too wide for the page, linearised so that pairing survives: each body row becomes a block of
/// "Header: cell" lines. `rowspan` repeats a cell in every row it covers and `colspan` names every header
/// it spans. The header rows are the leading rows made only of `<th>` cells; a table without them gives its
/// cells one after the other, row by row.
enum TableLinearisation {
    /// A cell with the row and column where it starts.
    struct Placed {
        var row: Int
        var column: Int
        var cell: TableCell
    }

    /// The table's cells placed on its grid: `slots[row][column]` is an index into `placed`, or nil for a
    /// slot no cell covers.
    struct Grid {
        var placed: [Placed] = []
        var slots: [[Int?]] = []
    }

    static func layout(_ table: TableBlock, width: Int, indent: Int, into writer: inout LineWriter) {
        let grid = place(table.rows)
        let headerRows = headerRowCount(grid)
        let labels = columnLabels(grid, headerRows: headerRows)
        for row in headerRows..<grid.slots.count {
            writer.requestGap()
            var written = Set<Int>()
            for index in grid.slots[row] {
                guard let index, written.insert(index).inserted else { continue }
                let placed = grid.placed[index]
                guard !placed.cell.blocks.isEmpty else { continue }
                let span = placed.column..<min(placed.column + placed.cell.columnSpan, labels.count)
                let label = unique(span.map { labels[$0] }.filter { !$0.isEmpty }).joined(separator: " / ")
                write(placed.cell, label: label, width: width, indent: indent, into: &writer)
            }
        }
        writer.requestGap()
    }

    /// Places every cell on the grid, skipping slots taken by `rowspan` cells of earlier rows.
    static func place(_ rows: [[TableCell]]) -> Grid {
        var grid = Grid()
        grid.slots = Array(repeating: [], count: rows.count)
        for (rowIndex, row) in rows.enumerated() {
            var column = 0
            for cell in row {
                while column < grid.slots[rowIndex].count, grid.slots[rowIndex][column] != nil { column += 1 }
                let index = grid.placed.count
                grid.placed.append(Placed(row: rowIndex, column: column, cell: cell))
                let end = column + cell.columnSpan
                for covered in rowIndex..<min(rowIndex + cell.rowSpan, rows.count) {
                    if grid.slots[covered].count < end {
                        grid.slots[covered] += Array(repeating: nil, count: end - grid.slots[covered].count)
                    }
                    for slot in column..<end where grid.slots[covered][slot] == nil {
                        grid.slots[covered][slot] = index
                    }
                }
                column = end
            }
        }
        return grid
    }

    /// How many leading rows hold only header cells (none when every row does: there is no body).
    static func headerRowCount(_ grid: Grid) -> Int {
        var count = 0
        for row in grid.slots {
            let cells = row.compactMap { $0 }
            guard !cells.isEmpty, cells.allSatisfy({ grid.placed[$0].cell.isHeader }) else { break }
            count += 1
        }
        return count == grid.slots.count ? 0 : count
    }

    /// Each column's header text: the header cells above it, top to bottom, joined with " / ".
    static func columnLabels(_ grid: Grid, headerRows: Int) -> [String] {
        let columns = grid.slots.map(\.count).max() ?? 0
        var texts: [Int: String] = [:]
        return (0..<columns).map { column in
            var parts: [String] = []
            for row in 0..<headerRows where column < grid.slots[row].count {
                guard let index = grid.slots[row][column] else { continue }
                let text =
                    texts[index]
                    ?? {
                        let made = plainText(grid.placed[index].cell.blocks)
                        texts[index] = made
                        return made
                    }()
                if !text.isEmpty { parts.append(text) }
            }
            return unique(parts).joined(separator: " / ")
        }
    }

    /// A cell's text on one line.
    static func plainText(_ blocks: [RenderBlock]) -> String {
        var writer = LineWriter()
        BlockLayout.layout(blocks, width: 10_000, indent: 0, into: &writer)
        return writer.finish().lines.map { $0.text.trimmingHTMLWhitespace }.filter { !$0.isEmpty }.joined(
            separator: " ")
    }

    /// "Label: " then the cell, its further lines under the cell's first; a label wider than half the
    /// room goes on a line of its own, the cell indented below it.
    static func write(_ cell: TableCell, label: String, width: Int, indent: Int, into writer: inout LineWriter) {
        guard !label.isEmpty else {
            BlockLayout.layout(cell.blocks, width: width, indent: indent, into: &writer)
            return
        }
        let available = width - indent
        let labelStyle = SpanStyle(traits: .bold)
        let prefix = label + ": "
        let prefixWidth = DisplayWidth.of(prefix)
        guard prefixWidth <= available / 2 else {
            for line in wrapped(label + ":", width: max(1, available)) {
                writer.write([TextSpan(text: line, style: labelStyle)], indent: indent)
            }
            BlockLayout.layout(
                cell.blocks, width: width, indent: BlockLayout.deeper(indent, by: 2, width: width), into: &writer)
            return
        }
        var inner = LineWriter(wideTables: writer.wideTables)
        BlockLayout.layout(cell.blocks, width: available - prefixWidth, indent: 0, into: &inner)
        let laidOut = inner.finish()
        var lines = laidOut.lines.isEmpty ? [TextLine()] : laidOut.lines
        for index in lines.indices where index == 0 || !lines[index].spans.isEmpty {
            var lead: [TextSpan] = []
            if index == 0 {
                if indent > 0 { lead.append(TextSpan(text: String.spaces(indent))) }
                lead.append(TextSpan(text: prefix, style: labelStyle))
            } else {
                lead.append(TextSpan(text: String.spaces(indent + prefixWidth)))
            }
            lines[index].spans.insert(contentsOf: lead, at: 0)
        }
        writer.write(lines: lines, anchors: laidOut.anchors)
    }

    /// `text` cut into lines at spaces, greedily; a word wider than `width` is shortened.
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ").map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if DisplayWidth.of(candidate) <= width {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = DisplayWidth.of(word) <= width ? word : TextWidth.truncate(word, to: width)
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    private static func unique(_ texts: [String]) -> [String] {
        var seen = Set<String>()
        return texts.filter { seen.insert($0).inserted }
    }
}
