/// A block container the builder is filling: the document, a list, a list item, a table, a cell…
struct OpenContainer {
    enum Kind {
        case root
        case indented(Int)
        case list(ListBlock)
        case listItem(value: Int?)
        case table(rows: [[TableCell]], hasBorder: Bool)
        case cell(columnSpan: Int)
    }

    var kind: Kind
    var blocks: [RenderBlock] = []

    var isList: Bool {
        if case .list = kind { return true }
        return false
    }

    var isTable: Bool {
        if case .table = kind { return true }
        return false
    }

    /// Adds a gap unless the container is empty or already ends with one.
    mutating func appendGap() {
        guard let last = blocks.last else { return }
        if case .gap = last { return }
        blocks.append(.gap)
    }

    /// Removes gaps at the end (they would add space inside a list item or cell).
    mutating func trimmedBlocks() -> [RenderBlock] {
        while let last = blocks.last, case .gap = last { blocks.removeLast() }
        return blocks
    }
}
