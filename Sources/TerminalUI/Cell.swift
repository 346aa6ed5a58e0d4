/// One terminal cell: a grapheme (or nothing, for the second half of a wide one), its width and style.
public struct Cell: Hashable, Sendable {
    /// The grapheme drawn in this cell; empty for the trailing half of a wide grapheme.
    public var grapheme: String
    /// Display width: 1, 2 for a wide grapheme's leading cell, 0 for its trailing half.
    public var width: UInt8
    public var style: Style

    public init(grapheme: String, width: UInt8, style: Style) {
        self.grapheme = grapheme
        self.width = width
        self.style = style
    }

    /// A blank cell in the given style.
    public static func blank(_ style: Style = .plain) -> Cell {
        Cell(grapheme: " ", width: 1, style: style)
    }

    /// Whether this is the trailing half of a wide grapheme.
    public var isContinuation: Bool { width == 0 }
}
