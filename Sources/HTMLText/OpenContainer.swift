/// A block container the builder is filling: the document, a list, a list item, a table, a cell…
///
/// A class, so appending to the innermost container mutates it in place (no copy of its blocks).
final class OpenContainer {
    enum Kind {
        case root
        case indented(Int)
        case aligned(TextAlignment)
        case list(numbering: ListNumbering?, depth: Int)
        case listItem(value: Int?)
        case table(hasBorder: Bool)
        case cell(columnSpan: Int, rowSpan: Int, isHeader: Bool)
    }

    let kind: Kind
    var blocks: [RenderBlock] = []
    /// The finished items, when this is a list.
    var items: [ListItemBlock] = []
    /// The rows so far, when this is a table.
    var rows: [[TableCell]] = []

    init(kind: Kind) {
        self.kind = kind
    }

    var isList: Bool {
        if case .list = kind { return true }
        return false
    }

    var isTable: Bool {
        if case .table = kind { return true }
        return false
    }

    /// Adds a gap unless the container is empty or already ends with one.
    func appendGap() {
        guard let last = blocks.last else { return }
        if case .gap = last { return }
        blocks.append(.gap)
    }

    /// The blocks without gaps at the end (they would add space inside a list item or cell).
    func trimmedBlocks() -> [RenderBlock] {
        while let last = blocks.last, case .gap = last { blocks.removeLast() }
        return blocks
    }
}
