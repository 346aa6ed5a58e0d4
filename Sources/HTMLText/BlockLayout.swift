import TextWidth

/// Lays out render blocks at a width: paragraphs, gaps, rules, lists, indented blocks, `pre` and tables.
enum BlockLayout {
    /// The narrowest text column kept when indentation grows: deeper indentation stops there.
    static let minimumColumn = 10

    static func layout(
        _ blocks: [RenderBlock], width: Int, indent: Int, into writer: inout LineWriter
    ) {
        for block in blocks {
            layout(block, width: width, indent: indent, into: &writer)
        }
    }

    private static func layout(
        _ block: RenderBlock, width: Int, indent: Int, into writer: inout LineWriter
    ) {
        switch block {
        case .gap:
            writer.requestGap()
        case .paragraph(let content):
            InlineLayout.layout(content, width: width - indent, indent: indent, into: &writer)
        case .preformatted(let pre):
            layoutPreformatted(pre, indent: indent, into: &writer)
        case .rule:
            let length = max(1, width - indent)
            writer.write([TextSpan(text: String(repeating: "─", count: length))], indent: indent)
        case .aligned(let alignment, let inner):
            let outer = writer.alignment
            writer.alignment = (alignment, width)
            layout(inner, width: width, indent: indent, into: &writer)
            writer.alignment = outer
        case .indented(let extra, let inner):
            layout(inner, width: width, indent: deeper(indent, by: extra, width: width), into: &writer)
        case .list(let list):
            layoutList(list, width: width, indent: indent, into: &writer)
        case .table(let table):
            TableLayout.layout(table, width: width, indent: indent, into: &writer)
        }
    }

    /// `indent + extra`, unless that leaves less than `minimumColumn` columns for text.
    static func deeper(_ indent: Int, by extra: Int, width: Int) -> Int {
        indent + extra <= width - minimumColumn ? indent + extra : indent
    }

    private static func layoutPreformatted(
        _ pre: PreformattedBlock, indent: Int, into writer: inout LineWriter
    ) {
        var anchorIndex = 0
        for (number, line) in pre.lines.enumerated() {
            while anchorIndex < pre.anchors.count, pre.anchors[anchorIndex].line <= number {
                writer.anchor(pre.anchors[anchorIndex].name)
                anchorIndex += 1
            }
            writer.write(line, indent: line.isEmpty ? 0 : indent, preformatted: true)
        }
        for anchor in pre.anchors[anchorIndex...] { writer.anchor(anchor.name) }
    }

    private static let bullets = ["•", "◦", "▪"]

    private static func layoutList(
        _ list: ListBlock, width: Int, indent: Int, into writer: inout LineWriter
    ) {
        let markers: [String]
        let markerColumns: Int
        if let numbering = list.numbering {
            markers = numbering.markers(for: list.items)
            markerColumns = max(4, (markers.map { TextWidth.of($0) }.max() ?? 0) + 2)
        } else {
            markers = Array(repeating: bullets[list.depth % bullets.count], count: list.items.count)
            markerColumns = 4
        }
        let inner = deeper(indent, by: markerColumns, width: width)
        for (item, marker) in zip(list.items, markers) {
            writer.pendingMarker = inner > indent ? marker : nil
            if item.blocks.isEmpty {
                writer.write([], indent: inner)
            } else {
                layout(item.blocks, width: width, indent: inner, into: &writer)
            }
            writer.pendingMarker = nil
        }
    }
}
