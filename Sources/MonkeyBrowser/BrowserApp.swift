import BatonEnvironment
import Foundation
import Handoff
import TerminalUI

/// MonkeyBrowser (F1): a tabbed text web browser whose tabs hand off between devices, as Apple's
/// MonkeyBrowser sample. Four tabs (Weather, Favorites, Coffee, Work) each advertise their own activity
/// type with the address in `userInfo["Url"]`; extra tabs share the `other` type.
public final class BrowserApp: SuiteApp {
    public let name = "MonkeyBrowser"
    public let functionKey = 1

    public internal(set) var tabs: BrowserTabs
    public internal(set) var mode = BrowserInputMode.page
    /// Digits typed to follow a link by number.
    public internal(set) var typedNumber = ""
    /// A problem to show above the page (no manifest, unreadable saved tabs, …).
    public internal(set) var problem: String?

    let fetcher: any PageFetching
    let pagesDirectory: URL?
    let snapshotFile: URL?
    /// The page pane's size in the content area; loads lay out at this width.
    var pageSize = Size(width: 79, height: 18)
    /// The content area the shell last announced (`ContentAreaChanged`).
    var contentArea = Rect(x: 0, y: 0, width: 80, height: 22)
    var spinnerFrame = 0
    /// Numbers the refresh timers, so a stopped one that goes off later is recognised as stale.
    var refreshCount = 0
    var spinnerScheduled = false
    var loads: [Int: Task<Void, Never>] = [:]
    /// What the current event asked of the suite (banners, loads, timers); done with the event's context
    /// before the event returns.
    var effects: [BrowserEffect] = []
    /// From the app's `Info.plist` (nil without a manifest): its notifications are addressed to it.
    public internal(set) var bundleIdentifier: String?

    // Handoff
    var handoffApp: HandoffApp?
    /// Handoff's callbacks, turned into `HandoffEvent`s that arrive through `receive`.
    let handoffEvents = HandoffEventRelay()
    var activities: [Int: UserActivity] = [:]
    var continuingTabID: Int?
    /// The history requests waiting for an answer, by tab ID.
    var historyExchanges: [Int: PendingHistoryExchange] = [:]
    var nextExchange = 0
    /// How long a continued tab waits for the source's history before going on without it.
    let historyTimeout: Duration

    /// A browser loading with `fetcher`, start pages from `pagesDirectory`, tabs saved in `snapshotFile`,
    /// and Handoff through `coordinator` (nil: no handoff); a continued tab waits up to `historyTimeout` for
    /// the source tab's history.
    public init(
        fetcher: any PageFetching, pagesDirectory: URL?, snapshotFile: URL?,
        manifest: Result<AppManifest, ManifestError>?,
        coordinator: HandoffCoordinator?, historyTimeout: Duration = .seconds(3)
    ) {
        self.historyTimeout = historyTimeout
        self.fetcher = fetcher
        self.pagesDirectory = pagesDirectory
        self.snapshotFile = snapshotFile
        tabs = BrowserTabs()
        if let snapshotFile {
            do {
                if let snapshot = try BrowserSnapshot.load(from: snapshotFile) {
                    tabs = BrowserTabs(snapshot: snapshot)
                }
            } catch {
                problem = "\(error); starting with new tabs"
            }
        }
        for index in tabs.tabs.indices where tabs[index].history.current == nil {
            tabs[index].history = TabHistory(current: HistoryEntry(url: startAddress(for: tabs[index].kind)))
        }
        switch manifest {
        case .success(let manifest):
            bundleIdentifier = manifest.bundleIdentifier
            handoffApp = coordinator?.register(manifest: manifest, hooks: handoffEvents)
        case .failure(let error):
            problem = "Handoff is off: \(error)"
        case nil:
            break
        }
    }

    public func connect(_ inbox: AppInbox) {
        handoffEvents.connect(
            deliver: { inbox.deliver($0) }, continuingIndicator: { inbox.showContinuingIndicator($0) })
    }

    public var helpItems: [HelpItem] {
        BrowserBindings.helpItems(finding: tabs.selected.find != nil)
    }

    public var allKeys: [HelpItem] { BrowserBindings.allKeys }

    public var isEditingText: Bool { mode != .page }

    /// The start page of a tab kind: a page shipped in `Resources/MonkeyBrowser/Pages`, else about:blank.
    func startAddress(for kind: TabKind) -> String {
        guard let file = kind.startPage, let pagesDirectory else {
            return kind == .other ? "about:blank" : "about:help"
        }
        return pagesDirectory.appendingPathComponent(file).absoluteString
    }

    // MARK: Lifecycle

    public func appear(context: SuiteContext) {
        ensureLoaded(tabs.selectedIndex)
        finish(context)
    }

    public func disappear(context: SuiteContext) {
        save()
        finish(context)
    }

    public func timerFired(_ timer: LoopTimer, context: SuiteContext) {
        switch timer.key(as: BrowserTimer.self) {
        case .refresh(let token): refreshFired(token)
        case .historyTimeout(let tabID, let exchange): endHistoryExchange(tabID: tabID, number: exchange)
        case .spinner:
            spinnerScheduled = false
            spinnerFrame += 1
        case nil: break
        }
        finish(context)
    }

    public func render(in area: Rect, into buffer: inout CellBuffer, context: SuiteContext) -> Point? {
        BrowserView(app: self, layout: BrowserLayout(area: area, showsPrompt: showsPrompt)).render(into: &buffer)
    }

    /// Ends an event: lays the selected page out for the pane (its height follows the prompt row), keeps the
    /// spinner going while a tab loads, and does what the event asked of the suite, with its context.
    func finish(_ context: SuiteContext) {
        reflowSelected(to: BrowserLayout(area: contentArea, showsPrompt: showsPrompt).page.size)
        if tabs.tabs.contains(where: { $0.loading != nil }), !spinnerScheduled {
            spinnerScheduled = true
            effects.append(.schedule(.spinner, after: 0.1))
        }
        let pending = effects
        effects = []
        for effect in pending { perform(effect, context: context) }
    }

    /// Whether the row under the address bar is shown: a store page's offer, a problem, or a question.
    var showsPrompt: Bool {
        if case .confirmResubmit = mode { return true }
        if case .confirmDownload = mode { return true }
        return tabs.selected.storeSlug != nil || problem != nil
    }

    /// Lays the selected page out again when the pane changed width, keeping the reader's place.
    func reflowSelected(to size: Size) {
        pageSize = Size(width: max(1, size.width - 2), height: max(1, size.height))
        var tab = tabs.selected
        guard var page = tab.page, page.layout.width != pageSize.width else { return }
        tab.scroll.top = page.reflow(width: pageSize.width, keeping: tab.scroll.top)
        tab.page = page
        tab.find?.relayout(page.layout.lines, top: tab.scroll.top)
        tab.scroll.clamp(contentHeight: page.lineCount, viewHeight: pageSize.height)
        tabs.selected = tab
    }

    /// Saves the tabs for this device; a failure shows as a banner.
    func save() {
        guard let snapshotFile else { return }
        do {
            try tabs.snapshot.save(to: snapshotFile)
        } catch {
            effects.append(.banner("\(error)", .error))
        }
    }
}
