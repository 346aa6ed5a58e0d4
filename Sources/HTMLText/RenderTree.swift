/// Whether a line may break between a token and the one before it, and what goes between them.
enum TokenJoin: UInt8, Sendable {
    /// A collapsed space: a break opportunity shown as one space when no break happens.
    case space
    /// A break opportunity with nothing shown between (between CJK characters).
    case breakable
    /// No break allowed: the token continues the previous word.
    case glued
}

/// A word (or part of one) of inline text, measured once when the tree is built: a range of its
/// paragraph's UTF-8 text and an index into its styles, so tokens are small plain values (20 bytes, no
/// String, no reference counting). Pages are cut at 10 MB, so 32 bits are plenty.
struct InlineToken: Sendable {
    /// Where the token's bytes start in `InlineContent.text`.
    var start: UInt32
    var length: UInt32
    var width: UInt32
    /// An index into `InlineContent.styles`.
    var style: UInt32
    var join: TokenJoin

    /// The token's bytes in `InlineContent.text`.
    var range: Range<Int> { Int(start)..<(Int(start) + Int(length)) }
}

/// An item of inline content inside a paragraph-like block.
enum InlineItem: Sendable {
    case token(InlineToken)
    /// `<br>`: ends the current line.
    case lineBreak
    /// An id or `<a name>` that starts here: an index into `InlineContent.anchors`.
    case anchor(Int)
}

/// A paragraph's inline content: its items, and the UTF-8 text, styles and anchor names they point into.
struct InlineContent: Sendable {
    /// The index of `SpanStyle.plain` in `styles`.
    static let plainStyle: UInt32 = 0

    var items: [InlineItem] = []
    var text: [UInt8] = []
    /// The styles tokens use; the same style may appear more than once (compare values, not indexes).
    var styles: [SpanStyle] = [.plain]
    var anchors: [String] = []

    var isEmpty: Bool { items.isEmpty }

    /// The index of `style` in `styles`, added when it is not among the most recent ones.
    mutating func styleIndex(_ style: SpanStyle) -> UInt32 {
        var index = styles.count - 1
        while index >= max(0, styles.count - 8) {
            if styles[index] == style { return UInt32(index) }
            index -= 1
        }
        styles.append(style)
        return UInt32(styles.count - 1)
    }

    /// Appends a token whose text is `bytes`.
    mutating func appendToken(
        _ bytes: UnsafeBufferPointer<UInt8>, width: Int, style: SpanStyle, join: TokenJoin
    ) {
        let token = InlineToken(
            start: UInt32(text.count), length: UInt32(bytes.count), width: UInt32(width),
            style: styleIndex(style), join: join)
        items.append(.token(token))
        text.append(contentsOf: bytes)
    }

    /// Appends a token whose text is `string`.
    mutating func appendToken(_ string: String, width: Int, style: SpanStyle, join: TokenJoin) {
        var string = string
        string.withUTF8 { appendToken($0, width: width, style: style, join: join) }
    }

    mutating func appendAnchor(_ name: String) {
        items.append(.anchor(anchors.count))
        anchors.append(name)
    }
}

/// One item of a `ul`/`ol`.
struct ListItemBlock: Sendable {
    /// The `<li value>` override, if any.
    var value: Int?
    var blocks: [RenderBlock]
}

/// A `ul` or `ol` with what its markers need.
struct ListBlock: Sendable {
    var numbering: ListNumbering?
    /// 0 for an outer list, 1 for a list inside it, and so on (chooses the bullet).
    var depth: Int
    var items: [ListItemBlock]
}

/// A table cell and its content.
struct TableCell: Sendable {
    var blocks: [RenderBlock]
    var columnSpan: Int
    /// `rowspan`: how many rows the cell covers (1 for most cells).
    var rowSpan: Int = 1
    /// True for `<th>`.
    var isHeader = false
}

/// A table: rows of cells; drawn with rules when it has a `border`.
struct TableBlock: Sendable {
    let rows: [[TableCell]]
    let hasBorder: Bool
    /// Each column's minimum and maximum content width, measured once when the table is built: tables
    /// inside its cells were measured when they were built, so a page of nested tables is measured in one
    /// pass instead of once for every table around each cell.
    let columns: [ContentWidths]

    init(rows: [[TableCell]], hasBorder: Bool) {
        self.rows = rows
        self.hasBorder = hasBorder
        self.columns = TableLayout.columnWidths(rows)
    }
}

/// A preformatted block: lines kept as written.
struct PreformattedBlock: Sendable {
    var lines: [[TextSpan]]
    /// Anchors inside the block with the index of the line they are on.
    var anchors: [(name: String, line: Int)]
}

/// How lines of a block sit between the margins.
enum TextAlignment: Sendable {
    case center, right
}

/// The render tree: block-level structure of a document with measured inline content.
///
/// The tree's depth is bounded by the builder (deeply nested containers are flattened), so
/// layout may recurse over it.
enum RenderBlock: Sendable {
    case paragraph(InlineContent)
    case preformatted(PreformattedBlock)
    /// A horizontal rule across the available width.
    case rule
    /// A request for one blank line between the blocks around it (adjacent gaps collapse).
    case gap
    case list(ListBlock)
    /// Blocks shifted right by `indent` columns (`blockquote`, `dd`).
    case indented(indent: Int, [RenderBlock])
    /// Blocks whose lines are centred or pushed right (`<center>`, `align`, `th`).
    case aligned(TextAlignment, [RenderBlock])
    case table(TableBlock)
}
