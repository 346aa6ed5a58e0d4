/// One place in a tab's history: the address and how far down the page the reader was.
public struct HistoryEntry: Codable, Hashable, Sendable {
    public var url: String
    /// The first visible line.
    public var scroll: Int

    public init(url: String, scroll: Int = 0) {
        self.url = url
        self.scroll = scroll
    }
}
