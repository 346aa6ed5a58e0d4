import Foundation
import HTMLText
import TerminalUI
import Wire

/// A tab showing the answer to a form sent by `POST` hands off the page as it was shown: the activity says the
/// page answers a form (`userInfo["Post"]`), the continuing device does not request the address, and the
/// answer travels with the history (as Safari does). Reloading it there asks before sending the form again.
extension BrowserApp {
    /// The activity's `userInfo` for `tab` at `address`: the address, and whether it is the answer to a form.
    func userInfo(_ tab: BrowserTab, address: String) -> [String: PropertyListValue] {
        var info: [String: PropertyListValue] = ["Url": .string(address)]
        if let current = tab.history.current, current.url == address, current.post != nil {
            info["Post"] = .bool(true)
        }
        return info
    }

    /// Whether an activity's `userInfo` says its page answers a form sent by `POST`.
    static func answersForm(_ info: [String: PropertyListValue]?) -> Bool {
        info?["Post"] == .bool(true)
    }

    /// The page to send along with the history: the tab's answer to a `POST`, when it shows one that is not
    /// too large.
    func answerToHandOff(_ tab: BrowserTab) -> String? {
        guard tab.loading == nil, tab.history.current?.post != nil, let source = tab.page?.answerSource,
            source.utf8.count <= HistoryExchange.maximumAnswerBytes
        else { return nil }
        return source
    }

    /// A continued tab waits for the source's answer to its form instead of requesting `url` itself.
    func awaitAnswer(_ index: Int, url: URL) {
        var tab = tabs[index]
        loads.removeValue(forKey: tab.id)?.cancel()
        tab.storeSlug = nil
        tab.focusedLink = nil
        tab.history.visit(url.absoluteString, leavingAt: tab.leavingScroll)
        tab.beginLoading(url.absoluteString)
        tab.awaitingAnswer = true
        tabs[index] = tab
        advertise(index)
    }

    /// The source's history came: its answer is shown as it was there; a page that does not answer a form
    /// after all is loaded; an answer that stayed behind is said to have.
    func showAnswer(_ index: Int, _ entry: HistoryEntry?, address: String) {
        guard let url = URL(string: address) else { return }
        guard let entry, entry.url == address, entry.post != nil else {
            startLoad(index, url: url, scroll: entry?.scroll)
            return
        }
        guard let answer = entry.answer else {
            answerDidNotCome(index)
            return
        }
        var page = DisplayedPage(url: url, document: HTMLDocument(html: answer, url: url), width: pageSize.width)
        page.answerSource = answer
        var tab = tabs[index]
        tab.page = page
        tab.loading = nil
        tab.scroll = ScrollState()
        if tab.notice == .continuing { tab.notice = nil }
        tabs[index] = tab
        retitle(index)
        save()
    }

    /// The answer to the form did not come with the history: the tab says so (and does not send the form).
    func answerDidNotCome(_ index: Int) {
        var tab = tabs[index]
        tab.awaitingAnswer = false
        tab.loading = nil
        if tab.notice == .continuing { tab.notice = nil }
        let address = tab.history.current?.url ?? ""
        tab.page = ErrorPage.make(
            address: address,
            message: "This page answered a form sent on the other device, and the answer did not come along; "
                + "the form was not sent again",
            width: pageSize.width)
        tab.scroll = ScrollState()
        tabs[index] = tab
        save()
    }
}
