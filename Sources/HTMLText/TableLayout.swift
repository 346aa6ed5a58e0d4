import TextWidth

/// Lays out tables: column widths from the cells' minimum and maximum content widths, fitted to the
/// available width; tables that cannot fit even at their minimum widths are linearised into "Header: cell"
/// blocks or overflow the width at their minimum widths, as the writer's `wideTables` says.
enum TableLayout {
    /// Column minimums are capped here; longer words in cells are broken instead of widening the table.
    static let columnMinimumCap = 20

    static func measure(_ table: TableBlock) -> ContentWidths {
        let columns = table.columns
        let overhead = TableGrid.overhead(columns: columns.count, border: table.hasBorder)
        return ContentWidths(
            minimum: columns.reduce(0) { $0 + $1.minimum } + overhead,
            maximum: columns.reduce(0) { $0 + $1.maximum } + overhead)
    }

    static func layout(_ table: TableBlock, width: Int, indent: Int, into writer: inout LineWriter) {
        let columns = table.columns
        let available = width - indent
        if let widths = fit(columns, into: available, border: table.hasBorder) {
            drawGrid(table, widths: widths, indent: indent, overflowing: false, into: &writer)
            return
        }
        switch writer.wideTables {
        case .linearise:
            TableLinearisation.layout(table, width: width, indent: indent, into: &writer)
        case .overflow:
            let widths = columns.map { max(1, $0.minimum) }
            drawGrid(table, widths: widths, indent: indent, overflowing: true, into: &writer)
        }
    }

    /// The table as a grid at `widths`; `overflowing` marks its lines as wider than the page.
    private static func drawGrid(
        _ table: TableBlock, widths: [Int], indent: Int, overflowing: Bool, into writer: inout LineWriter
    ) {
        let grid = TableGrid(widths: widths, border: table.hasBorder, indent: indent, wideTables: writer.wideTables)
        func write(_ lines: [TextLine], anchors: [String: Int] = [:]) {
            var lines = lines
            if overflowing { for index in lines.indices { lines[index].isPreformatted = true } }
            writer.write(lines: lines, anchors: anchors)
        }
        if table.hasBorder { write([grid.rule(.top)]) }
        let middle = table.hasBorder ? [grid.rule(.middle)] : []
        for (index, row) in table.rows.enumerated() {
            if index > 0, !middle.isEmpty { write(middle) }
            let rendered = grid.render(row)
            write(rendered.lines, anchors: rendered.anchors)
        }
        if table.hasBorder { write([grid.rule(.bottom)]) }
    }

    /// Minimum and maximum content width of each column; cells spanning columns spread their excess.
    static func columnWidths(_ rows: [[TableCell]]) -> [ContentWidths] {
        let count = rows.map { $0.reduce(0) { $0 + $1.columnSpan } }.max() ?? 0
        var columns = [ContentWidths](repeating: ContentWidths(), count: count)
        var spanning: [(first: Int, span: Int, widths: ContentWidths)] = []
        for row in rows {
            var column = 0
            for cell in row {
                var widths = ContentMeasure.measure(cell.blocks)
                widths.minimum = min(widths.minimum, columnMinimumCap)
                widths.maximum = max(widths.maximum, widths.minimum)
                if cell.columnSpan == 1 {
                    columns[column].include(widths)
                } else {
                    spanning.append((column, cell.columnSpan, widths))
                }
                column += cell.columnSpan
            }
        }
        let separator = TableGrid.separatorWidth(border: false)
        for cell in spanning {
            let range = cell.first..<(cell.first + cell.span)
            let inside = separator * (cell.span - 1)
            let minimum = range.reduce(inside) { $0 + columns[$1].minimum }
            let maximum = range.reduce(inside) { $0 + columns[$1].maximum }
            for index in range {
                columns[index].minimum += max(0, cell.widths.minimum - minimum) / cell.span
                columns[index].maximum += max(0, cell.widths.maximum - maximum) / cell.span
                columns[index].maximum = max(columns[index].maximum, columns[index].minimum)
            }
        }
        return columns
    }

    /// Column widths that fit `available`, or `nil` when even the minimums do not fit.
    static func fit(_ columns: [ContentWidths], into available: Int, border: Bool) -> [Int]? {
        let room = available - TableGrid.overhead(columns: columns.count, border: border)
        let minimum = columns.reduce(0) { $0 + $1.minimum }
        let maximum = columns.reduce(0) { $0 + $1.maximum }
        guard !columns.isEmpty, minimum <= room else { return nil }
        if maximum <= room { return columns.map(\.maximum) }
        // Share the room above the minimums in proportion to how much each column wants.
        let extra = room - minimum
        let wanted = maximum - minimum
        var widths = columns.map { $0.minimum + extra * ($0.maximum - $0.minimum) / wanted }
        var left = room - widths.reduce(0, +)
        var index = 0
        while left > 0 {
            if widths[index] < columns[index].maximum {
                widths[index] += 1
                left -= 1
            }
            index = (index + 1) % widths.count
        }
        return widths
    }
}
