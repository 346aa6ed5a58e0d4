/// Blocks and containers: ending paragraphs, opening and closing lists, quotes, tables and cells.
extension RenderTreeBuilder {
    mutating func startBlock(gap: Bool) {
        flushParagraph()
        if gap { top.appendGap() }
    }

    mutating func flushParagraph() {
        guard !inline.isEmpty else { return }
        top.blocks.append(.paragraph(inline.take()))
    }

    /// Opens a container when the depth allows; otherwise the element is laid out as a plain block.
    mutating func pushContainer(_ kind: OpenContainer.Kind, gaps: Bool) -> Exit {
        flushParagraph()
        if gaps { top.appendGap() }
        let after: Exit = gaps ? [.endBlock, .gapAfter] : .endBlock
        guard containers.count < Self.maxContainerDepth else { return after }
        containers.append(OpenContainer(kind: kind))
        return after.union(.popContainer)
    }

    mutating func popContainer() {
        flushParagraph()
        guard containers.count > 1 else { return }
        let finished = containers.removeLast()
        let blocks = finished.trimmedBlocks()
        switch finished.kind {
        case .root:
            top.blocks.append(contentsOf: blocks)
        case .indented(let indent):
            if !blocks.isEmpty { top.blocks.append(.indented(indent: indent, blocks)) }
        case .aligned(let alignment):
            if !blocks.isEmpty { top.blocks.append(.aligned(alignment, blocks)) }
        case .list(let numbering, let depth):
            listDepth -= 1
            top.blocks.append(contentsOf: blocks)  // stray content before the first item
            if !finished.items.isEmpty {
                top.blocks.append(.list(ListBlock(numbering: numbering, depth: depth, items: finished.items)))
            }
        case .listItem(let value):
            if top.isList {
                top.items.append(ListItemBlock(value: value, blocks: blocks))
            } else {
                top.blocks.append(contentsOf: blocks)
            }
        case .table(let border):
            top.blocks.append(contentsOf: blocks)  // the caption
            let filled = finished.rows.filter { !$0.isEmpty }
            if !filled.isEmpty { top.blocks.append(.table(TableBlock(rows: filled, hasBorder: border))) }
        case .cell(let span, let rowSpan, let isHeader):
            let table = top
            if table.isTable {
                if table.rows.isEmpty { table.rows.append([]) }
                table.rows[table.rows.count - 1].append(
                    TableCell(blocks: blocks, columnSpan: span, rowSpan: rowSpan, isHeader: isHeader))
            } else {
                table.blocks.append(contentsOf: blocks)
            }
        }
    }

    /// Top-level blocks no later element can change that were not taken before; nil while fewer than
    /// `minimum` are waiting, or while a container is open. Trailing gaps are held back (the end of the
    /// document drops them), and so is the last paragraph while a link is open (its end appends the
    /// link's number there).
    mutating func takeSettledBlocks(atLeast minimum: Int) -> ArraySlice<RenderBlock>? {
        guard containers.count == 1 else { return nil }
        let blocks = containers[0].blocks
        guard blocks.count - settledTaken >= minimum else { return nil }
        var end = blocks.count
        while end > settledTaken, case .gap = blocks[end - 1] { end -= 1 }
        if currentLink != nil, end > settledTaken { end -= 1 }
        guard end - settledTaken >= minimum else { return nil }
        defer { settledTaken = end }
        return blocks[settledTaken..<end]
    }
}
