import Foundation
import MonkeyBrowser
import TestSupport
import Testing

@testable import TerminalUI

/// Issue 24, item 9: at 80 columns nine tabs do not fit; the bar keeps the selected tab visible and counts
/// the hidden ones at either end.
@Suite("Tab bar window")
struct TabBarWindowTests {
    static let page = "<html><head><title>Long Page Title</title></head><body><p>Long.</p></body></html>"

    @Test("Alt-9 at 80 columns shows tab 9 selected, with the hidden tabs counted")
    func ninthTabVisible() async throws {
        let browser = try BrowserHarness(pages: ["http://x.test/long": Self.page])
        defer { browser.remove() }
        await browser.open()
        for _ in 4..<9 {
            await browser.press(.ctrl("t"))
            await browser.type("http://x.test/long")
            await browser.press(KeyPress(.enter))
        }
        await browser.press(.alt("9"))
        let buffer = browser.render(width: 80, height: 24)
        let bar = buffer.textLines()[0]
        #expect(bar.contains("9 Long Page Title"), "\(bar)")
        #expect(bar.hasPrefix("◀"), "\(bar)")
        let selected = (0..<80).filter { buffer[$0, 0].style == Theme.barSelected }
        #expect(!selected.isEmpty)
        try Golden.check(buffer, named: "browser-tab-bar-9-tabs-80")

        await browser.press(.alt("1"))
        let first = browser.render(width: 80, height: 24).textLines()[0]
        #expect(first.hasPrefix(" 1 Weather"), "\(first)")
        #expect(first.hasSuffix("▶"), "\(first)")
        await browser.press(.alt("5"))
        let middle = browser.render(width: 80, height: 24).textLines()[0]
        #expect(middle.contains("5 Long Page Title"), "\(middle)")
    }

    @Test("a click lands on the tab drawn there, hidden tabs counted")
    func clickOnWindow() throws {
        let bar = TabBar(titles: (1...9).map { "\($0) Long Page Title" }, selected: 8)
        let place = bar.placement(width: 80)
        #expect(place.tabs.contains { $0.index == 8 })
        #expect(place.hiddenBefore > 0 && place.hiddenAfter == 0)
        let last = try #require(place.tabs.last)
        #expect(bar.tab(atColumn: last.x + 1, width: 80) == 8)
        #expect(bar.tab(atColumn: 0, width: 80) == nil, "the marker is no tab")
    }
}
