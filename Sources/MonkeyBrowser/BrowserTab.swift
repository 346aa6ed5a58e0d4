import Foundation
import PageLoading
import TerminalUI

/// One tab: its kind (and so its activity type), history, the page it shows and how it is viewed.
public struct BrowserTab: Sendable {
    /// Stable for the life of the process; messages from loads find their tab by it.
    public let id: Int
    public var kind: TabKind
    public var history: TabHistory
    public var page: DisplayedPage?
    public var scroll = ScrollState()
    /// The load in flight: its address and generation (a newer load makes older results stale).
    public var loading: (url: String, generation: Int)?
    public var notice: TabNotice?
    /// The link number focused with Tab/Shift-Tab.
    public var focusedLink: Int?
    public var find: FindState?
    /// Where to scroll once the page in flight arrives (history, handoff).
    public var pendingScroll: Int?
    /// Where to scroll once the page in flight arrives, as a place in the text (handoff at another width).
    public var pendingTextOffset: Int?
    /// How far to scroll sideways once the page in flight arrives (handoff of a wide table).
    public var pendingLeft: Int?
    /// Set when the page is an Apple Store's web page: Stores can show it (`o`).
    public var storeSlug: String?
    /// The file being saved, when the load in flight turned out to be a download.
    public var download: DownloadProgress?
    /// The page's `<meta http-equiv=refresh>` waiting to happen: where to, and the timer's token.
    public var refresh: (url: URL, token: String)?
    /// Set while the page shown is not the history's current entry (the error page for words that are no
    /// address): back returns to the current entry rather than the one before it.
    public var offHistory = false
    /// Set while a continued tab waits for the answer to a form sent by `POST` on the source device (it comes
    /// with the history, so the form is not sent again).
    public var awaitingAnswer = false
    var generation = 0

    public init(id: Int, kind: TabKind, history: TabHistory = TabHistory()) {
        self.id = id
        self.kind = kind
        self.history = history
    }

    /// Marks `url` as in flight: a new generation (older results are stale), and nothing kept of the page
    /// before (where to scroll, search, focus, refresh, download, an address error, an awaited answer).
    mutating func beginLoading(_ url: String) {
        generation += 1
        loading = (url, generation)
        pendingScroll = nil
        pendingTextOffset = nil
        pendingLeft = nil
        find = nil
        focusedLink = nil
        refresh = nil
        download = nil
        offHistory = false
        awaitingAnswer = false
    }

    /// The scroll position to remember for the current history entry when leaving it (its own, kept, while
    /// an off-history page is shown).
    var leavingScroll: Int { offHistory ? (history.current?.scroll ?? 0) : scroll.top }

    /// The current address: the one loading, else the history's.
    public var address: String? { loading?.url ?? history.current?.url }

    /// "Weather" on the tab's own page, "Weather — Test Index" after going elsewhere (the kind stays as a
    /// prefix, written as the activity's title and so the other devices' offer write it), or for an extra tab
    /// its page's title; titles are kept short.
    public var label: String {
        guard let title = page?.document.title ?? history.current?.title, !title.isEmpty, !title.hasPrefix(kind.title)
        else {
            return kind.title
        }
        let short = title.count > 16 ? String(title.prefix(15)) + "…" : title
        return kind == .other ? short : "\(kind.title) — \(short)"
    }
}
