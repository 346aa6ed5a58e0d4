/// How a run of text on a laid-out page should look; a viewer maps it to its own attributes.
public struct SpanStyle: Hashable, Sendable {
    /// Presentation traits that combine freely.
    public struct Traits: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let bold = Traits(rawValue: 1 << 0)
        public static let italic = Traits(rawValue: 1 << 1)
        public static let underline = Traits(rawValue: 1 << 2)
        public static let code = Traits(rawValue: 1 << 3)
        public static let preformatted = Traits(rawValue: 1 << 4)
        /// The `[n]` number after a link's text.
        public static let linkNumber = Traits(rawValue: 1 << 5)
        /// A form field such as `[text      ]`, `[x]` or `[Submit]`.
        public static let formControl = Traits(rawValue: 1 << 6)
    }

    public var traits: Traits
    /// The number of the link this text belongs to (1-based, as shown in `[n]`), if any.
    public var link: Int?
    /// The heading level 1...6 when the text is part of a heading.
    public var headingLevel: Int?
    /// The number of the form field this text shows (as in its `[n]`), if any.
    public var field: Int?

    public init(traits: Traits = [], link: Int? = nil, headingLevel: Int? = nil, field: Int? = nil) {
        self.traits = traits
        self.link = link
        self.headingLevel = headingLevel
        self.field = field
    }

    /// Plain text with no styling.
    public static let plain = SpanStyle()
}
