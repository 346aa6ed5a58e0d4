import Foundation
import Handoff
import PageLoading
import TerminalUI
import UserNotifications

extension BrowserApp {
    /// Goes to what was typed in the address bar (the selected tab).
    public func go(to input: String) {
        let index = tabs.selectedIndex
        do {
            let url = try PageAddress.url(from: input)
            navigate(index, to: url)
        } catch {
            loads.removeValue(forKey: tabs[index].id)?.cancel()
            tabs[index].loading = nil
            tabs[index].download = nil
            if !tabs[index].offHistory { tabs[index].history.record(scroll: tabs[index].scroll.top) }
            tabs[index].offHistory = true
            tabs[index].page = ErrorPage.make(address: input, message: "\(error)", width: pageSize.width)
            tabs[index].scroll = ScrollState()
        }
    }

    /// Follows link `number` of the selected tab's page, or activates the form field of that number.
    public func follow(link number: Int) {
        let index = tabs.selectedIndex
        if let field = tabs[index].page?.field(number: number) {
            activate(field: field)
            return
        }
        guard let link = tabs[index].page?.layout.link(number: number) else {
            tabs[index].notice = .message("There is no link \(number) on this page")
            return
        }
        guard let url = link.url else {
            tabs[index].notice = .message("Link \(number) has an address that cannot be read: \(link.href)")
            return
        }
        navigate(index, to: url, site: tabs[index].page?.url.host)
        tabs[index].storeSlug = StoreLink.slug(of: url)
    }

    /// Shows `url` in tab `index` (requested by `POST` with `post`, from a page on `site`): a jump within the
    /// page for a `#fragment` of the same document, else a load. Either way it joins the history and the tab's
    /// activity becomes current.
    public func navigate(
        _ index: Int, to url: URL, post: PostBody? = nil, site: String? = nil, consent: DownloadConsent = .direct
    ) {
        var tab = tabs[index]
        tab.storeSlug = nil
        tab.focusedLink = nil
        if tab.notice != .continuing { tab.notice = nil }
        tab.history.visit(url.absoluteString, leavingAt: tab.leavingScroll, post: post)
        tabs[index] = tab
        if post == nil, let page = tab.page, tab.loading == nil, Self.sameDocument(page.url, url),
            let fragment = url.fragment
        {
            tabs[index].scroll.top = page.line(forFragment: fragment) ?? tab.scroll.top
            tabs[index].scroll.clamp(contentHeight: page.lineCount, viewHeight: pageSize.height)
        } else {
            startLoad(index, url: url, scroll: nil, post: post, site: site, consent: consent)
        }
        advertise(index)
        save()
    }

    /// Back (`step` -1) or forward (+1) in the selected tab, restoring the scroll position there. A page that
    /// answered a form sent by `POST` is not loaded again without asking (unless `confirmed`).
    public func stepHistory(_ step: Int, confirmed: Bool = false) {
        let index = tabs.selectedIndex
        let backToCurrent = step < 0 && tabs[index].offHistory
        if !confirmed, tabs[index].history.entry(atStep: backToCurrent ? 0 : step)?.post != nil {
            mode = .confirmResubmit(step: step)
            return
        }
        if backToCurrent, let entry = tabs[index].history.current, let url = URL(string: entry.url) {
            tabs[index].notice = nil
            startLoad(index, url: url, scroll: entry.scroll, post: entry.post)
            return
        }
        var tab = tabs[index]
        let top = tab.leavingScroll
        let entry = step < 0 ? tab.history.goBack(leavingAt: top) : tab.history.goForward(leavingAt: top)
        guard let entry else {
            tab.notice = .message(step < 0 ? "Nothing to go back to" : "Nothing to go forward to")
            tabs[index] = tab
            return
        }
        tab.storeSlug = nil
        tab.focusedLink = nil
        tab.notice = nil
        tabs[index] = tab
        if let page = tab.page, tab.loading == nil, let url = URL(string: entry.url), Self.sameDocument(page.url, url) {
            tabs[index].scroll.top = entry.scroll
            tabs[index].scroll.clamp(contentHeight: page.lineCount, viewHeight: pageSize.height)
        } else if let url = URL(string: entry.url) {
            startLoad(index, url: url, scroll: entry.scroll, post: entry.post)
        }
        advertise(index)
        save()
    }

    /// Loads the tab's current history entry when it has no page yet (a restored tab). A page that answered a
    /// form sent by `POST` is not requested: that would send the form again, silently, at every start.
    func ensureLoaded(_ index: Int) {
        guard tabs.tabs.indices.contains(index), tabs[index].page == nil, tabs[index].loading == nil,
            let entry = tabs[index].history.current
        else { return }
        guard let url = URL(string: entry.url) else {
            tabs[index].page = ErrorPage.make(
                address: entry.url, message: "invalid URL: \(entry.url)", width: pageSize.width)
            return
        }
        if entry.post != nil {
            tabs[index].page = ErrorPage.formNotSentAgain(
                address: entry.url, title: entry.title, width: pageSize.width)
            tabs[index].scroll = ScrollState()
            return
        }
        startLoad(index, url: url, scroll: entry.scroll, post: entry.post)
    }

    /// Reloads the selected tab's page, keeping the scroll position; a page that answered a form sent by
    /// `POST` asks first (unless `confirmed`).
    func reload(confirmed: Bool = false) {
        let index = tabs.selectedIndex
        guard let entry = tabs[index].history.current, let url = URL(string: entry.url) else { return }
        if entry.post != nil, !confirmed {
            mode = .confirmResubmit(step: 0)
            return
        }
        startLoad(index, url: url, scroll: tabs[index].scroll.top, post: entry.post)
    }

    /// Starts loading `url` into tab `index` off the UI thread (by `POST` with `post`); the page comes back as
    /// `PageArrived`.
    func startLoad(
        _ index: Int, url: URL, scroll: Int?, post: PostBody? = nil, site: String? = nil,
        consent: DownloadConsent = .direct
    ) {
        var tab = tabs[index]
        loads[tab.id]?.cancel()
        tab.beginLoading(url.absoluteString)
        tab.pendingScroll = scroll
        if tab.notice != .continuing { tab.notice = nil }
        tabs[index] = tab
        effects.append(
            .load(
                tabID: tab.id, generation: tab.generation, url: url, post: post, site: site, consent: consent,
                width: pageSize.width))
    }

    /// A download came on: the status line's progress bar follows it.
    private func progressed(_ message: DownloadProgressed) {
        guard let index = tabs.index(ofID: message.tabID), tabs[index].loading?.generation == message.generation
        else { return }
        tabs[index].download = message.progress
    }

    /// The address was a file, now saved: the page shown stays (the address leaves the history) and the
    /// status line says where the file went.
    private func saved(_ message: FileSaved) {
        guard let index = tabs.index(ofID: message.tabID), tabs[index].loading?.generation == message.generation
        else { return }
        loads[message.tabID] = nil
        var tab = tabs[index]
        tab.loading = nil
        tab.download = nil
        if tab.page != nil { tab.history.returnToPrevious() }
        tab.notice = .message("Saved \(message.file.path) (\(StatusText.size(message.file.bytes)))")
        tabs[index] = tab
        advertise(index)
        save()
    }

    /// `Esc` while loading: stops the load; the previous page stays.
    func stopLoading() {
        let index = tabs.selectedIndex
        guard tabs[index].loading != nil else { return }
        loads.removeValue(forKey: tabs[index].id)?.cancel()
        tabs[index].loading = nil
        tabs[index].awaitingAnswer = false
        if tabs[index].download != nil {
            tabs[index].download = nil
            if tabs[index].page != nil { tabs[index].history.returnToPrevious() }
        }
        tabs[index].notice = .stopped
    }

    public func receive(_ message: any Sendable, context: SuiteContext) -> Bool {
        defer { finish(context) }
        switch message {
        case let area as ContentAreaChanged:
            contentArea = area.area
            return true
        case let arrived as PageArrived:
            show(arrived)
            return true
        case let progress as DownloadProgressed:
            progressed(progress)
            return true
        case let file as FileSaved:
            saved(file)
            return true
        case let offered as DownloadOffered:
            offer(offered)
            return true
        case let event as HandoffEvent:
            return handle(event, context: context)
        case let request as OpenWebpageRequest:
            openWebpage(request.url)
            return true
        case let delivery as NotificationDelivery:  // issue 16
            return receiveNotification(delivery, context: context)
        default:
            return false
        }
    }

    private func show(_ arrived: PageArrived) {
        guard let index = tabs.index(ofID: arrived.tabID), tabs[index].loading?.generation == arrived.generation
        else { return }
        loads[arrived.tabID] = nil
        var tab = tabs[index]
        var page = arrived.page
        if page.layout.width != pageSize.width, index == tabs.selectedIndex {
            _ = page.reflow(width: pageSize.width, keeping: 0)
        }
        tab.page = page
        tab.loading = nil
        if !page.isErrorPage { tab.history.record(title: page.document.title.isEmpty ? nil : page.document.title) }
        if tab.notice == .continuing { tab.notice = nil }
        let fragmentLine = page.url.fragment.flatMap { page.line(forFragment: $0) }
        let textLine = tab.pendingTextOffset.map { page.line(atTextOffset: $0) }
        let left = min(tab.pendingLeft ?? 0, max(0, page.widestSidewaysLine - pageSize.width))
        tab.scroll = ScrollState(top: textLine ?? tab.pendingScroll ?? fragmentLine ?? 0, left: left)
        tab.scroll.clamp(contentHeight: page.lineCount, viewHeight: pageSize.height)
        tab.pendingScroll = nil
        tab.pendingTextOffset = nil
        tab.pendingLeft = nil
        tabs[index] = tab
        scheduleRefresh(index)
        retitle(index)
        save()
    }

    /// Arms the page's `<meta http-equiv=refresh>`, with a note saying where it goes and how to stop it.
    private func scheduleRefresh(_ index: Int) {
        guard let page = tabs[index].page, !page.isErrorPage, let refresh = page.document.refresh else { return }
        refreshCount += 1
        let token = "\(Self.refreshTokenPrefix)\(tabs[index].id):\(refreshCount)"
        tabs[index].refresh = (refresh.url, token)
        let seconds = max(0, refresh.seconds)
        let target =
            Self.sameDocument(page.url, refresh.url) ? "This page reloads" : "Going to \(refresh.url.absoluteString)"
        tabs[index].notice = .message("\(target) in \(Int(seconds.rounded(.up))) s (Esc stops)")
        effects.append(.schedule(.refresh(token), after: seconds))
    }

    static let refreshTokenPrefix = "refresh:"

    /// A refresh timer went off: the tab follows it, unless it was stopped or the tab moved on.
    func refreshFired(_ token: String) {
        guard let index = tabs.tabs.firstIndex(where: { $0.refresh?.token == token }),
            let url = tabs[index].refresh?.url
        else { return }
        tabs[index].refresh = nil
        tabs[index].notice = nil
        // The page asked, not the user: a file it leads to is offered, never saved at once.
        if let current = tabs[index].page?.url, Self.sameDocument(current, url) {
            startLoad(index, url: url, scroll: tabs[index].scroll.top, consent: .ask)
        } else {
            navigate(index, to: url, consent: .ask)
        }
    }

    /// `Esc` while a refresh waits: it does not happen.
    func stopRefresh() {
        tabs.selected.refresh = nil
        tabs.selected.notice = .message("Refresh stopped")
    }

    /// Whether two addresses name the same document (they differ at most in the fragment).
    static func sameDocument(_ a: URL, _ b: URL) -> Bool {
        func base(_ url: URL) -> Substring { url.absoluteString.prefix { $0 != "#" } }
        return base(a) == base(b)
    }
}
