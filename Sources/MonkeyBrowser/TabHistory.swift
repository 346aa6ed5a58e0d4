/// A tab's back/forward history; each entry remembers its scroll position.
public struct TabHistory: Codable, Hashable, Sendable {
    /// The most entries kept on each side.
    public static let limit = 100

    public private(set) var back: [HistoryEntry]
    public private(set) var current: HistoryEntry?
    public private(set) var forward: [HistoryEntry]

    public init(back: [HistoryEntry] = [], current: HistoryEntry? = nil, forward: [HistoryEntry] = []) {
        self.back = Array(back.suffix(Self.limit))
        self.current = current
        self.forward = Array(forward.prefix(Self.limit))
    }

    public var canGoBack: Bool { !back.isEmpty }
    public var canGoForward: Bool { !forward.isEmpty }

    /// Goes to a new page: the current one (with `scroll`) joins the back list, the forward list is dropped.
    /// Visiting the current address again only reloads it.
    public mutating func visit(_ url: String, leavingAt scroll: Int) {
        if let current, current.url == url { return }
        if var current {
            current.scroll = scroll
            back.append(current)
            if back.count > Self.limit { back.removeFirst(back.count - Self.limit) }
        }
        current = HistoryEntry(url: url)
        forward = []
    }

    /// Remembers the current page's scroll position.
    public mutating func record(scroll: Int, textOffset: Int? = nil) {
        current?.scroll = scroll
        current?.textOffset = textOffset
    }

    /// Steps back, leaving the current page at `scroll`; returns the entry to show.
    public mutating func goBack(leavingAt scroll: Int) -> HistoryEntry? {
        guard let previous = back.popLast() else { return nil }
        if var current {
            current.scroll = scroll
            forward.insert(current, at: 0)
        }
        current = previous
        return previous
    }

    /// Steps forward, leaving the current page at `scroll`; returns the entry to show.
    public mutating func goForward(leavingAt scroll: Int) -> HistoryEntry? {
        guard !forward.isEmpty else { return nil }
        let next = forward.removeFirst()
        if var current {
            current.scroll = scroll
            back.append(current)
        }
        current = next
        return next
    }
}
