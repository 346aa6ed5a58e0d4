import HTMLText
import PageLoading

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

    /// Goes to a new page (requested with `post` when a form was sent by `POST`): the current one (with
    /// `scroll`) joins the back list, the forward list is dropped. Visiting the current address again (not by
    /// `POST`) only reloads it.
    public mutating func visit(_ url: String, leavingAt scroll: Int, post: PostBody? = nil) {
        if let current, current.url == url, post == nil, current.post == nil { return }
        if var current {
            current.scroll = scroll
            back.append(current)
            if back.count > Self.limit { back.removeFirst(back.count - Self.limit) }
        }
        current = HistoryEntry(url: url, post: post)
        forward = []
    }

    /// Remembers the current page's scroll position.
    public mutating func record(scroll: Int, textOffset: Int? = nil) {
        current?.scroll = scroll
        current?.textOffset = textOffset
    }

    /// Remembers what the user typed into the current page's forms.
    public mutating func record(form: FormValues) {
        current?.form = form.isEmpty ? nil : form
    }

    /// Remembers the title of the current page.
    public mutating func record(title: String?) {
        current?.title = title
    }

    /// Remembers how far the current page is scrolled sideways (nil: not at all).
    public mutating func record(left: Int) {
        current?.left = left > 0 ? left : nil
    }

    /// Attaches the page that answered the current entry's form (a handoff carries it along).
    public mutating func record(answer: String?) {
        current?.answer = answer
    }

    /// Drops the current entry for the one before it (an address that turned out to be a download).
    public mutating func returnToPrevious() {
        guard let previous = back.popLast() else { return }
        current = previous
    }

    /// The entry `step` away (-1 back, 1 forward, 0 the current one), without going there.
    public func entry(atStep step: Int) -> HistoryEntry? {
        switch step {
        case ..<0: back.last
        case 0: current
        default: forward.first
        }
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
