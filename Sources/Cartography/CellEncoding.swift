/// How a cell's dots become one character: braille (2×4 dots) or, for fonts without braille,
/// quadrant blocks (2×2) or half blocks (1×2).
///
/// A cell's dots are numbered row by row: dot `(x, y)` is bit `y * dotsAcross + x` of its pattern.
public enum CellEncoding: Sendable, Hashable, CaseIterable {
    case braille
    case quadrants
    case halfBlocks

    /// Dots per cell horizontally.
    public var dotsAcross: Int {
        switch self {
        case .braille, .quadrants: 2
        case .halfBlocks: 1
        }
    }

    /// Dots per cell vertically.
    public var dotsDown: Int {
        switch self {
        case .braille: 4
        case .quadrants, .halfBlocks: 2
        }
    }

    /// The character that shows a cell's dot pattern.
    public func character(pattern: UInt8) -> Character {
        switch self {
        case .braille: CellGlyphs.braille[Int(pattern)]
        case .quadrants: CellGlyphs.quadrants[Int(pattern & 0x0F)]
        case .halfBlocks: CellGlyphs.halfBlocks[Int(pattern & 0x03)]
        }
    }

    /// The character of every pattern, indexed by the whole byte (as `character(pattern:)`), for loops over
    /// many cells.
    var glyphs: [Character] {
        switch self {
        case .braille: CellGlyphs.braille
        case .quadrants: CellGlyphs.quadrantsByPattern
        case .halfBlocks: CellGlyphs.halfBlocksByPattern
        }
    }

    /// The Unicode braille dot bit (U+2800 + bits) of dot `(x, y)` in a 2×4 cell.
    public static func brailleBit(x: Int, y: Int) -> UInt8 {
        switch (x, y) {
        case (0, 3): 0x40
        case (1, 3): 0x80
        default: UInt8(1) << UInt8(x * 3 + y)
        }
    }
}

/// The characters of each encoding, indexed by dot pattern.
enum CellGlyphs {
    static let braille: [Character] = (0..<256).map { pattern in
        var bits: UInt32 = 0
        for index in 0..<8 where pattern & (1 << index) != 0 {
            bits |= UInt32(CellEncoding.brailleBit(x: index % 2, y: index / 2))
        }
        return Character(Unicode.Scalar(0x2800 + bits) ?? " ")
    }

    static let quadrants: [Character] = [
        " ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█",
    ]

    static let halfBlocks: [Character] = [" ", "▀", "▄", "█"]

    static let quadrantsByPattern: [Character] = (0..<256).map { quadrants[$0 & 0x0F] }
    static let halfBlocksByPattern: [Character] = (0..<256).map { halfBlocks[$0 & 0x03] }
}
