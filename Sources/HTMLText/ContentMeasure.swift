import TextWidth

/// The narrowest and widest a block can be laid out: the longest unbreakable word, and everything on one line.
struct ContentWidths {
    var minimum = 0
    var maximum = 0

    mutating func include(_ other: ContentWidths, indent: Int = 0) {
        minimum = max(minimum, other.minimum + indent)
        maximum = max(maximum, other.maximum + indent)
    }
}

/// Measures render blocks for table column widths.
enum ContentMeasure {
    static func measure(_ blocks: [RenderBlock]) -> ContentWidths {
        var widths = ContentWidths()
        for block in blocks { widths.include(measure(block)) }
        return widths
    }

    static func measure(_ block: RenderBlock) -> ContentWidths {
        switch block {
        case .gap, .rule:
            return ContentWidths()
        case .paragraph(let content):
            return measure(content.items)
        case .preformatted(let pre):
            let widest = pre.lines.map { $0.reduce(0) { $0 + DisplayWidth.of($1.text) } }.max() ?? 0
            return ContentWidths(minimum: widest, maximum: widest)
        case .aligned(_, let inner):
            return measure(inner)
        case .indented(let indent, let inner):
            var widths = ContentWidths()
            widths.include(measure(inner), indent: indent)
            return widths
        case .list(let list):
            var widths = ContentWidths()
            for item in list.items { widths.include(measure(item.blocks), indent: 4) }
            return widths
        case .table(let table):
            return TableLayout.measure(table)
        }
    }

    private static func measure(_ items: [InlineItem]) -> ContentWidths {
        var widths = ContentWidths()
        var line = 0
        var group = 0
        for item in items {
            switch item {
            case .anchor:
                continue
            case .lineBreak:
                widths.maximum = max(widths.maximum, line)
                widths.minimum = max(widths.minimum, group)
                line = 0
                group = 0
            case .token(let token):
                if token.join != .glued {
                    widths.minimum = max(widths.minimum, group)
                    group = 0
                    if token.join == .space, line > 0 { line += 1 }
                }
                group += Int(token.width)
                line += Int(token.width)
            }
        }
        widths.maximum = max(widths.maximum, line)
        widths.minimum = max(widths.minimum, group)
        return widths
    }
}
