import Foundation
import Handoff
import Wire

/// Handoff per tab: each tab's activity becomes current on every Go and link followed and when the tab
/// is selected; continuing lands in the tab of the same type; continuation streams carry the history.
extension BrowserApp: HandoffAppHooks, UserActivityDelegate {
    /// How long the continuing side waits for the source's history before going on without it.
    static let historyTimeout: Duration = .seconds(3)

    /// Makes tab `index`'s activity current: title naming the tab, `userInfo["Url"]`, `webpageURL` for http(s).
    func advertise(_ index: Int) {
        guard let handoffApp, tabs.tabs.indices.contains(index), let address = tabs[index].address else { return }
        let tab = tabs[index]
        let activity =
            activities[tab.id]
            ?? {
                let made = UserActivity(activityType: tab.kind.activityType, app: handoffApp)
                made.supportsContinuationStreams = true
                made.delegate = self
                activities[tab.id] = made
                return made
            }()
        activity.userInfo = ["Url": .string(address)]
        activity.title = activityTitle(tab)
        let url = URL(string: address)
        try? activity.setWebpageURL(["http", "https"].contains(url?.scheme?.lowercased() ?? "") ? url : nil)
        do {
            try activity.becomeCurrent()
        } catch {
            context?.showBanner("Handoff: \(error)", kind: .error)
        }
    }

    /// Updates the activity's title once the page (and its title) arrived.
    func retitle(_ index: Int) {
        let tab = tabs[index]
        guard let activity = activities[tab.id] else { return }
        let title = activityTitle(tab)
        if activity.title != title { activity.title = title }
    }

    private func activityTitle(_ tab: BrowserTab) -> String {
        let page =
            tab.loading == nil ? tab.page?.title ?? tab.address ?? "" : tab.address ?? ""
        return "\(tab.kind.title) — \(page)"
    }

    // MARK: Continuing here

    public func willContinueUserActivity(withType activityType: String) -> Bool {
        let index = tabForContinuing(activityType)
        tabs.select(index)
        mode = .page
        typedNumber = ""
        tabs[index].notice = .continuing
        continuingTabID = tabs[index].id
        return true
    }

    public func continueUserActivity(
        _ activity: UserActivity, restorationHandler: @escaping ([any UserActivityRestoring]) -> Void
    ) -> Bool {
        let index =
            continuingTabID.flatMap { tabs.index(ofID: $0) } ?? tabForContinuing(activity.activityType)
        continuingTabID = nil
        guard let url = Self.url(in: activity.userInfo?["Url"]) else {
            tabs[index].notice = .message("The activity from \(activity.sourceDevice ?? "the other device") has no URL")
            return false
        }
        tabs.select(index)
        tabs[index].notice = .continuing
        navigate(index, to: url)
        if activity.supportsContinuationStreams { requestHistory(from: activity, tabID: tabs[index].id) }
        restorationHandler([])
        return true
    }

    public func didFailToContinueUserActivity(withType activityType: String, error: HandoffError) {
        for index in tabs.tabs.indices where tabs[index].notice == .continuing && tabs[index].loading == nil {
            tabs[index].notice = nil
        }
        continuingTabID = nil
    }

    /// The tab of the activity's type, or a new tab for an extra tab's type (the selected one when full).
    private func tabForContinuing(_ activityType: String) -> Int {
        let kind = TabKind(activityType: activityType) ?? .other
        if kind != .other, let index = tabs.index(of: kind) { return index }
        if let index = tabs.open(kind) { return index }
        return tabs.selectedIndex
    }

    static func url(in value: PropertyListValue?) -> URL? {
        switch value {
        case .string(let text): URL(string: text)
        case .url(let url): url
        default: nil
        }
    }

    /// Asks the source for the tab's back/forward history and scroll offset; without an answer in time
    /// the tab keeps going with its own history.
    private func requestHistory(from activity: UserActivity, tabID: Int) {
        let streams: (ContinuationInputStream, ContinuationOutputStream)
        do {
            streams = try activity.getContinuationStreams()
        } catch {
            return
        }
        let (input, output) = streams
        nextExchange += 1
        let exchange = nextExchange
        historyExchanges[tabID] = exchange
        var reader = HistoryExchange.LineReader()
        input.onData = { [weak self] chunk in
            switch reader.append(chunk) {
            case .needMore: return
            case .tooLong:
                input.close()
            case .line(let line):
                // The source closes the streams once it has answered.
                if let history = try? JSONDecoder().decode(TabHistory.self, from: line) {
                    self?.applyHistory(history, tabID: tabID, exchange: exchange)
                }
            }
        }
        input.onClose = { [weak self] _ in
            if self?.historyExchanges[tabID] == exchange { self?.historyExchanges[tabID] = nil }
        }
        // The request is all this side sends: closing the output ends that direction only, the reply still comes.
        output.write(HistoryExchange.line(HistoryExchange.Request(device: context?.device ?? "")))
        output.close()
        guard let port = context?.port else { return }
        let timeout = Self.historyTimeout
        Task.detached {
            try? await Task.sleep(for: timeout)
            port.post(HistoryRequestTimedOut(tabID: tabID, exchange: exchange))
        }
    }

    /// Takes over the source tab's history: its back and forward lists and the scroll position.
    func applyHistory(_ history: TabHistory, tabID: Int, exchange: Int) {
        guard historyExchanges[tabID] == exchange, let index = tabs.index(ofID: tabID) else { return }
        historyExchanges[tabID] = nil
        var tab = tabs[index]
        let address = tab.history.current?.url ?? history.current?.url ?? ""
        let scroll = history.current?.scroll ?? 0
        tab.history = TabHistory(
            back: history.back, current: HistoryEntry(url: address, scroll: scroll), forward: history.forward)
        if tab.loading != nil {
            tab.pendingScroll = scroll
        } else {
            tab.scroll.top = scroll
            tab.scroll.clamp(contentHeight: tab.page?.lineCount ?? 0, viewHeight: pageSize.height)
        }
        tabs[index] = tab
        save()
    }

    // MARK: The source side

    public func userActivityWasContinued(_ activity: UserActivity) {
        guard let index = tabIndex(of: activity) else { return }
        tabs[index].notice = .continuedOn(activity.continuedOnDevice ?? "another device")
    }

    public func userActivityWillSave(_ activity: UserActivity) {
        guard let index = tabIndex(of: activity), let address = tabs[index].address else { return }
        activity.userInfo = ["Url": .string(address)]
    }

    public func userActivity(
        _ activity: UserActivity, didReceive inputStream: ContinuationInputStream,
        outputStream: ContinuationOutputStream
    ) {
        guard let index = tabIndex(of: activity) else {
            inputStream.close()
            outputStream.close()
            return
        }
        let tabID = tabs[index].id
        var reader = HistoryExchange.LineReader()
        inputStream.onData = { [weak self] chunk in
            guard case .line(let line) = reader.append(chunk) else { return }
            guard let self, let index = self.tabs.index(ofID: tabID),
                let request = try? JSONDecoder().decode(HistoryExchange.Request.self, from: line),
                request.want == "history"
            else {
                inputStream.close()
                outputStream.close()
                return
            }
            var history = self.tabs[index].history
            history.record(scroll: self.tabs[index].scroll.top)
            outputStream.write(HistoryExchange.line(history))
            // One request, one answer: both directions end here.
            inputStream.close()
            outputStream.close()
        }
    }

    private func tabIndex(of activity: UserActivity) -> Int? {
        guard let id = activities.first(where: { $0.value === activity })?.key else { return nil }
        return tabs.index(ofID: id)
    }
}
