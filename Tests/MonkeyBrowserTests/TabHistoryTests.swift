import MonkeyBrowser
import Testing

@Suite("Tab history")
struct TabHistoryTests {
    @Test("back and forward remember each page's scroll position")
    func backAndForward() {
        var history = TabHistory(current: HistoryEntry(url: "a"))
        history.visit("b", leavingAt: 12)
        history.visit("c", leavingAt: 30)
        #expect(history.back.map(\.url) == ["a", "b"])
        #expect(history.back.map(\.scroll) == [12, 30])

        let b = history.goBack(leavingAt: 5)
        #expect(b == HistoryEntry(url: "b", scroll: 30))
        #expect(history.forward == [HistoryEntry(url: "c", scroll: 5)])

        let a = history.goBack(leavingAt: 31)
        #expect(a == HistoryEntry(url: "a", scroll: 12))
        let none = history.goBack(leavingAt: 0)
        #expect(none == nil)

        let again = history.goForward(leavingAt: 13)
        #expect(again == HistoryEntry(url: "b", scroll: 31))
        #expect(history.back == [HistoryEntry(url: "a", scroll: 13)])
    }

    @Test("a new visit drops the forward list; visiting the current page again adds nothing")
    func visitDropsForward() {
        var history = TabHistory(current: HistoryEntry(url: "a"))
        history.visit("b", leavingAt: 0)
        _ = history.goBack(leavingAt: 0)
        #expect(history.canGoForward)
        history.visit("c", leavingAt: 4)
        #expect(!history.canGoForward)
        history.visit("c", leavingAt: 9)
        #expect(history.back.map(\.url) == ["a"])
        #expect(history.current?.url == "c")
    }

    @Test("history keeps at most the limit of entries behind")
    func limit() {
        var history = TabHistory(current: HistoryEntry(url: "0"))
        for page in 1...(TabHistory.limit + 20) { history.visit("\(page)", leavingAt: page) }
        #expect(history.back.count == TabHistory.limit)
        #expect(history.back.first?.url == "20")
    }
}
