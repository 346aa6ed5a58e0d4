import Foundation
import Handoff
import TerminalUI
import Wire

/// Handoff per tab: each tab's activity becomes current on every Go and link followed and when the tab
/// is selected; continuing lands in the tab of the same type; continuation streams carry the history.
extension BrowserApp {
    /// Makes tab `index`'s activity current: title naming the tab, `userInfo["Url"]`, `webpageURL` for http(s).
    func advertise(_ index: Int) {
        guard let handoffApp, tabs.tabs.indices.contains(index), let address = tabs[index].address else { return }
        let tab = tabs[index]
        let activity =
            activities[tab.id]
            ?? {
                let made = UserActivity(activityType: tab.kind.activityType, app: handoffApp)
                made.supportsContinuationStreams = true
                made.delegate = handoffEvents
                activities[tab.id] = made
                return made
            }()
        activity.userInfo = userInfo(tab, address: address)
        activity.title = activityTitle(tab)
        let url = URL(string: address)
        try? activity.setWebpageURL(["http", "https"].contains(url?.scheme?.lowercased() ?? "") ? url : nil)
        do {
            try activity.becomeCurrent()
        } catch {
            effects.append(.banner("Handoff: \(error)", .error))
        }
    }

    /// Updates the activity's title once the page (and its title) arrived.
    func retitle(_ index: Int) {
        let tab = tabs[index]
        guard let activity = activities[tab.id] else { return }
        let title = activityTitle(tab)
        guard activity.title != title else { return }
        activity.title = title
        if activity.isCurrent, activity.titleWasShortened {
            effects.append(
                .banner(
                    "Handoff: the page title is \(title.count) characters; other devices see its first "
                        + "\(AdvertisementLimits.maxTitleCharacters)", .info))
        }
    }

    func activityTitle(_ tab: BrowserTab) -> String {
        let page =
            tab.loading == nil ? tab.page?.title ?? tab.address ?? "" : tab.address ?? ""
        return Self.activityTitle(kind: tab.kind, page: page)
    }

    /// "Weather — Order form": the tab's name and its page's title; the page's title alone when it starts with
    /// the tab's name (the start page "Weather") or for an extra tab (no name of its own).
    static func activityTitle(kind: TabKind, page: String) -> String {
        if kind == .other || page.hasPrefix(kind.title) || page.isEmpty { return page.isEmpty ? kind.title : page }
        return "\(kind.title) — \(page)"
    }

    /// A Handoff callback, arriving through `receive`; returns the callback's answer.
    func handle(_ event: HandoffEvent, context: SuiteContext) -> Bool {
        switch event {
        case .willContinue(let activityType):
            return willContinueUserActivity(withType: activityType)
        case .continue(let activity, let restoration):
            return continueUserActivity(activity, device: context.device, restorationHandler: restoration)
        case .didFailToContinue(let activityType, let error):
            didFailToContinueUserActivity(withType: activityType, error: error)
        case .wasContinued(let activity):
            userActivityWasContinued(activity)
        case .willSave(let activity):
            userActivityWillSave(activity)
        case .didReceiveStreams(let activity, let input, let output):
            answerHistory(for: activity, input: input, output: output)
        }
        return true
    }

    // MARK: Continuing here

    func willContinueUserActivity(withType activityType: String) -> Bool {
        let index = tabForContinuing(activityType)
        tabs.select(index)
        mode = .page
        typedNumber = ""
        tabs[index].notice = .continuing
        continuingTabID = tabs[index].id
        return true
    }

    func continueUserActivity(
        _ activity: UserActivity, device: String, restorationHandler: ([any UserActivityRestoring]) -> Void
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
        let answerComes = activity.supportsContinuationStreams && Self.answersForm(activity.userInfo)
        if answerComes {
            awaitAnswer(index, url: url)
        } else {
            navigate(index, to: url)
        }
        if activity.supportsContinuationStreams {
            if !requestHistory(from: activity, tabID: tabs[index].id, device: device), answerComes {
                answerDidNotCome(index)
            }
        }
        restorationHandler([])
        return true
    }

    func didFailToContinueUserActivity(withType activityType: String, error: HandoffError) {
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
    private func requestHistory(from activity: UserActivity, tabID: Int, device: String) -> Bool {
        guard let streams = try? activity.getContinuationStreams() else { return false }
        requestHistory(input: streams.0, output: streams.1, tabID: tabID, device: device)
        return true
    }

    /// The history request over an open stream pair; the exchange ends with the answer, the source closing
    /// the streams, the tab closing or `historyTimeout`, whichever comes first.
    func requestHistory(
        input: ContinuationInputStream, output: ContinuationOutputStream, tabID: Int, device: String
    ) {
        endHistoryExchange(tabID: tabID)
        nextExchange += 1
        let exchange = nextExchange
        historyExchanges[tabID] = PendingHistoryExchange(number: exchange, input: input)
        HistoryExchange.request(
            device: device, input: input, output: output,
            received: { [weak self] history in self?.applyHistory(history, tabID: tabID, exchange: exchange) },
            finished: { [weak self] in self?.endHistoryExchange(tabID: tabID, number: exchange) })
        let seconds = Double(historyTimeout.components.seconds) + Double(historyTimeout.components.attoseconds) / 1e18
        effects.append(.schedule(.historyTimeout(tabID: tabID, exchange: exchange), after: seconds))
    }

    /// Stops waiting for tab `tabID`'s history (only exchange `number` when given) and closes its input.
    func endHistoryExchange(tabID: Int, number: Int? = nil) {
        guard let pending = historyExchanges[tabID], number == nil || pending.number == number else { return }
        historyExchanges[tabID] = nil
        pending.input.close()
        if let index = tabs.index(ofID: tabID), tabs[index].awaitingAnswer { answerDidNotCome(index) }
    }

    /// Takes over the source tab's history: its back and forward lists, the scroll position and the form values.
    func applyHistory(_ history: TabHistory, tabID: Int, exchange: Int) {
        guard historyExchanges[tabID]?.number == exchange, let index = tabs.index(ofID: tabID) else { return }
        let awaitingAnswer = tabs[index].awaitingAnswer
        tabs[index].awaitingAnswer = false
        endHistoryExchange(tabID: tabID)
        var tab = tabs[index]
        let address = tab.history.current?.url ?? history.current?.url ?? ""
        let scroll = history.current?.scroll ?? 0
        // What was typed into the page's forms comes along with the page (a half-filled form continues here).
        let form = history.current?.url == address ? history.current?.form : nil
        let textOffset = history.current?.textOffset
        let post = awaitingAnswer && history.current?.url == address ? history.current?.post : nil
        tab.history = TabHistory(
            back: history.back,
            current: HistoryEntry(url: address, scroll: scroll, textOffset: textOffset, form: form, post: post),
            forward: history.forward)
        let left = history.current?.url == address ? history.current?.left ?? 0 : 0
        tab.history.record(left: left)
        tabs[index] = tab
        if awaitingAnswer { showAnswer(index, history.current, address: address) }
        tab = tabs[index]
        if tab.loading != nil {
            tab.pendingScroll = scroll
            tab.pendingTextOffset = textOffset
            tab.pendingLeft = left
        } else {
            tab.scroll.left = min(left, max(0, (tab.page?.widestSidewaysLine ?? 0) - pageSize.width))
            // The source's place in the text, found again at this terminal's width.
            tab.scroll.top = textOffset.map { tab.page?.line(atTextOffset: $0) ?? scroll } ?? scroll
            tab.scroll.clamp(contentHeight: tab.page?.lineCount ?? 0, viewHeight: pageSize.height)
        }
        tabs[index] = tab
        save()
    }

    // MARK: The source side

    func userActivityWasContinued(_ activity: UserActivity) {
        guard let index = tabIndex(of: activity) else { return }
        wasContinued(index, on: activity.continuedOnDevice ?? "another device")
    }

    /// Tab `index` says where it was continued, until the next key in it or `continuedNoticeSeconds`.
    func wasContinued(_ index: Int, on device: String) {
        tabs[index].notice = .continuedOn(device)
        effects.append(.schedule(.continuedNotice(tabID: tabs[index].id), after: Self.continuedNoticeSeconds))
    }

    /// How long "Continued on …" stays when nothing else happens in the tab.
    static let continuedNoticeSeconds: TimeInterval = 30

    func userActivityWillSave(_ activity: UserActivity) {
        guard let index = tabIndex(of: activity), let address = tabs[index].address else { return }
        activity.userInfo = userInfo(tabs[index], address: address)
    }

    /// The continuing device asks for the tab's history over a stream pair.
    func answerHistory(
        for activity: UserActivity, input inputStream: ContinuationInputStream,
        output outputStream: ContinuationOutputStream
    ) {
        guard let index = tabIndex(of: activity) else {
            inputStream.close()
            outputStream.close()
            return
        }
        let tabID = tabs[index].id
        HistoryExchange.answer(input: inputStream, output: outputStream) { [weak self] in
            guard let self, let index = self.tabs.index(ofID: tabID) else { return nil }
            let tab = self.tabs[index]
            var history = tab.history
            history.record(scroll: tab.scroll.top, textOffset: tab.page?.textOffset(ofLine: tab.scroll.top))
            history.record(answer: self.answerToHandOff(tab))
            history.record(left: tab.scroll.left)
            return history
        }
    }

    private func tabIndex(of activity: UserActivity) -> Int? {
        guard let id = activities.first(where: { $0.value === activity })?.key else { return nil }
        return tabs.index(ofID: id)
    }
}
