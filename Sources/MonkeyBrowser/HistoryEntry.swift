/// One place in a tab's history: the address and how far down the page the reader was.
public struct HistoryEntry: Codable, Hashable, Sendable {
    public var url: String
    /// The first visible line.
    public var scroll: Int
    /// The same place as a place in the document: how many non-blank characters come before the first
    /// visible line. It holds at any width, so a handoff to a narrower terminal opens at the same text.
    public var textOffset: Int?

    public init(url: String, scroll: Int = 0, textOffset: Int? = nil) {
        self.url = url
        self.scroll = scroll
        self.textOffset = textOffset
    }
}
