import TextWidth

/// Lays out tables: column widths from the cells' minimum and maximum content widths, fitted to the
/// available width; tables that cannot fit even at their minimum widths are linearised (cell after cell).
enum TableLayout {
    /// Column minimums are capped here; longer words in cells are broken instead of widening the table.
    static let columnMinimumCap = 20

    static func measure(_ table: TableBlock) -> ContentWidths {
        let columns = columnWidths(table)
        let overhead = TableGrid.overhead(columns: columns.count, border: table.hasBorder)
        return ContentWidths(
            minimum: columns.reduce(0) { $0 + $1.minimum } + overhead,
            maximum: columns.reduce(0) { $0 + $1.maximum } + overhead)
    }

    static func layout(_ table: TableBlock, width: Int, indent: Int, into writer: inout LineWriter) {
        let columns = columnWidths(table)
        let available = width - indent
        guard let widths = fit(columns, into: available, border: table.hasBorder) else {
            linearise(table, width: width, indent: indent, into: &writer)
            return
        }
        let grid = TableGrid(widths: widths, border: table.hasBorder, indent: indent)
        if table.hasBorder { writer.write(lines: [grid.rule(.top)], anchors: [:]) }
        let middle = table.hasBorder ? [grid.rule(.middle)] : []
        for (index, row) in table.rows.enumerated() {
            if index > 0, !middle.isEmpty { writer.write(lines: middle, anchors: [:]) }
            let rendered = grid.render(row)
            writer.write(lines: rendered.lines, anchors: rendered.anchors)
        }
        if table.hasBorder { writer.write(lines: [grid.rule(.bottom)], anchors: [:]) }
    }

    /// Minimum and maximum content width of each column; cells spanning columns spread their excess.
    static func columnWidths(_ table: TableBlock) -> [ContentWidths] {
        let count = table.rows.map { $0.reduce(0) { $0 + $1.columnSpan } }.max() ?? 0
        var columns = [ContentWidths](repeating: ContentWidths(), count: count)
        var spanning: [(first: Int, span: Int, widths: ContentWidths)] = []
        for row in table.rows {
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

    private static func linearise(
        _ table: TableBlock, width: Int, indent: Int, into writer: inout LineWriter
    ) {
        for row in table.rows {
            for cell in row {
                BlockLayout.layout(cell.blocks, width: width, indent: indent, into: &writer)
            }
            writer.requestGap()
        }
    }
}
