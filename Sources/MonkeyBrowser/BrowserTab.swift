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
    /// Set when the page is an Apple Store's web page: Stores can show it (`o`).
    public var storeSlug: String?
    /// The file being saved, when the load in flight turned out to be a download.
    public var download: DownloadProgress?
    /// The page's `<meta http-equiv=refresh>` waiting to happen: where to, and the timer's token.
    public var refresh: (url: URL, token: String)?
    var generation = 0

    public init(id: Int, kind: TabKind, history: TabHistory = TabHistory()) {
        self.id = id
        self.kind = kind
        self.history = history
    }

    /// The current address: the one loading, else the history's.
    public var address: String? { loading?.url ?? history.current?.url }

    /// "Weather" on the tab's own page, "Weather · Test Index" after going elsewhere (the kind stays as a
    /// prefix, as the activity's title has it), or for an extra tab its page's title; titles are kept short.
    public var label: String {
        guard let title = page?.document.title, !title.isEmpty, !title.hasPrefix(kind.title) else {
            return kind.title
        }
        let short = title.count > 16 ? String(title.prefix(15)) + "…" : title
        return kind == .other ? short : "\(kind.title) · \(short)"
    }
}
