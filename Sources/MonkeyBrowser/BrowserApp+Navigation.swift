import Foundation
import PageLoading
import TerminalUI

extension BrowserApp {
    /// Goes to what was typed in the address bar (the selected tab).
    public func go(to input: String) {
        let index = tabs.selectedIndex
        do {
            let url = try PageAddress.url(from: input)
            navigate(index, to: url)
        } catch {
            tabs[index].loading = nil
            tabs[index].page = ErrorPage.make(address: input, message: "\(error)", width: pageSize.width)
            tabs[index].scroll = ScrollState()
        }
    }

    /// Follows link `number` of the selected tab's page.
    public func follow(link number: Int) {
        let index = tabs.selectedIndex
        guard let link = tabs[index].page?.layout.link(number: number) else {
            tabs[index].notice = .message("There is no link \(number) on this page")
            return
        }
        guard let url = link.url else {
            tabs[index].notice = .message("Link \(number) has an address that cannot be read: \(link.href)")
            return
        }
        navigate(index, to: url)
        tabs[index].storeSlug = StoreLink.slug(of: url)
    }

    /// Shows `url` in tab `index`: a jump within the page for a `#fragment` of the same document, else
    /// a load. Either way it joins the history and the tab's activity becomes current.
    public func navigate(_ index: Int, to url: URL) {
        var tab = tabs[index]
        tab.storeSlug = nil
        tab.focusedLink = nil
        if tab.notice != .continuing { tab.notice = nil }
        tab.history.visit(url.absoluteString, leavingAt: tab.scroll.top)
        tabs[index] = tab
        if let page = tab.page, tab.loading == nil, Self.sameDocument(page.url, url), let fragment = url.fragment {
            tabs[index].scroll.top = page.line(forFragment: fragment) ?? tab.scroll.top
            tabs[index].scroll.clamp(contentHeight: page.lineCount, viewHeight: pageSize.height)
        } else {
            startLoad(index, url: url, scroll: nil)
        }
        advertise(index)
        save()
    }

    /// Back (`step` -1) or forward (+1) in the selected tab, restoring the scroll position there.
    public func stepHistory(_ step: Int) {
        let index = tabs.selectedIndex
        var tab = tabs[index]
        let entry =
            step < 0 ? tab.history.goBack(leavingAt: tab.scroll.top) : tab.history.goForward(leavingAt: tab.scroll.top)
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
            startLoad(index, url: url, scroll: entry.scroll)
        }
        advertise(index)
        save()
    }

    /// Loads the tab's current history entry when it has no page yet.
    func ensureLoaded(_ index: Int) {
        guard tabs.tabs.indices.contains(index), tabs[index].page == nil, tabs[index].loading == nil,
            let entry = tabs[index].history.current
        else { return }
        guard let url = URL(string: entry.url) else {
            tabs[index].page = ErrorPage.make(
                address: entry.url, message: "invalid URL: \(entry.url)", width: pageSize.width)
            return
        }
        startLoad(index, url: url, scroll: entry.scroll)
    }

    /// Reloads the selected tab's page, keeping the scroll position.
    func reload() {
        let index = tabs.selectedIndex
        guard let address = tabs[index].history.current?.url, let url = URL(string: address) else { return }
        startLoad(index, url: url, scroll: tabs[index].scroll.top)
    }

    /// Starts loading `url` into tab `index` off the UI thread; the page comes back as `PageArrived`.
    func startLoad(_ index: Int, url: URL, scroll: Int?) {
        guard let port = context?.port else {
            tabs[index].notice = .message("Cannot load \(url.absoluteString): the browser is not in a suite")
            return
        }
        var tab = tabs[index]
        loads[tab.id]?.cancel()
        tab.generation += 1
        tab.loading = (url.absoluteString, tab.generation)
        tab.pendingScroll = scroll
        tab.pendingTextOffset = nil
        tab.find = nil
        tab.focusedLink = nil
        tabs[index] = tab
        let message = (tabID: tab.id, generation: tab.generation)
        let fetcher = fetcher
        let width = pageSize.width
        loads[tab.id] = Task.detached {
            guard let page = await PagePreparation.prepare(url, fetcher: fetcher, width: width) else { return }
            port.post(PageArrived(tabID: message.tabID, generation: message.generation, page: page))
        }
    }

    /// `Esc` while loading: stops the load; the previous page stays.
    func stopLoading() {
        let index = tabs.selectedIndex
        guard tabs[index].loading != nil else { return }
        loads.removeValue(forKey: tabs[index].id)?.cancel()
        tabs[index].loading = nil
        tabs[index].notice = .stopped
    }

    public func receive(_ message: any Sendable, context: SuiteContext) -> Bool {
        self.context = context
        switch message {
        case let arrived as PageArrived:
            show(arrived)
            return true
        case let timeout as HistoryRequestTimedOut:
            endHistoryExchange(tabID: timeout.tabID, number: timeout.exchange)
            return true
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
        if tab.notice == .continuing { tab.notice = nil }
        let fragmentLine = page.url.fragment.flatMap { page.line(forFragment: $0) }
        let textLine = tab.pendingTextOffset.map { page.line(atTextOffset: $0) }
        tab.scroll = ScrollState(top: textLine ?? tab.pendingScroll ?? fragmentLine ?? 0)
        tab.scroll.clamp(contentHeight: page.lineCount, viewHeight: pageSize.height)
        tab.pendingScroll = nil
        tab.pendingTextOffset = nil
        tabs[index] = tab
        retitle(index)
        save()
    }

    /// Whether two addresses name the same document (they differ at most in the fragment).
    static func sameDocument(_ a: URL, _ b: URL) -> Bool {
        func base(_ url: URL) -> Substring { url.absoluteString.prefix { $0 != "#" } }
        return base(a) == base(b)
    }
}
