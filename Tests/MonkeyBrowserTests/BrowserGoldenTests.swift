import Foundation
import Handoff
import MonkeyBrowser
import TestSupport
import Testing

@testable import TerminalUI

@Suite("Browser view, rendered headlessly")
struct BrowserGoldenTests {
    @Test("tab bar, address bar, page and status line")
    func page() async throws {
        let browser = try BrowserHarness()
        defer { browser.remove() }
        await browser.open()
        try Golden.check(browser.render(), named: "browser-weather-80x24")
    }

    @Test("the address bar being edited, with the cursor")
    func addressEditing() async throws {
        let browser = try BrowserHarness()
        defer { browser.remove() }
        await browser.open()
        await browser.press(.ctrl("l"), .ctrl("u"))
        await browser.type("example.org/news")
        var buffer = CellBuffer(size: Size(width: 80, height: 24))
        let cursor = browser.app.render(
            in: Rect(x: 0, y: 0, width: 80, height: 24), into: &buffer, context: browser.context)
        #expect(cursor == Point(x: 21, y: 1))
        try Golden.check(browser.frame(), named: "browser-address-editing")
    }

    @Test("find: the prompt, then matches highlighted and the current one marked")
    func find() async throws {
        let browser = try BrowserHarness()
        defer { browser.remove() }
        await browser.open()
        await browser.press(.char("/"))
        await browser.type("sunny")
        try Golden.check(browser.frame(), named: "browser-find-prompt")
        await browser.press(KeyPress(.enter), .char("n"))
        try Golden.check(browser.framedWithHighlights(), named: "browser-find-highlight")
    }

    @Test("a focused link is highlighted and its address shown")
    func linkFocus() async throws {
        let browser = try BrowserHarness()
        defer { browser.remove() }
        await browser.open()
        await browser.press(KeyPress(.tab), KeyPress(.tab))
        try Golden.check(browser.framedWithHighlights(), named: "browser-link-focus")
    }

    @Test("Continuing Activity... on the tab of the activity's type")
    func continuing() async throws {
        let browser = try BrowserHarness()
        defer { browser.remove() }
        await browser.open()
        #expect(
            browser.app.receive(
                HandoffEvent.willContinue(activityType: "com.baton.monkeybrowser.tab.coffee"), context: browser.context)
        )
        #expect(browser.app.tabs.selected.kind == .coffee)
        try Golden.check(browser.frame(), named: "browser-continuing")
    }

    @Test("an extra tab's type continues in a new tab")
    func continuingExtraTab() async throws {
        let browser = try BrowserHarness()
        defer { browser.remove() }
        await browser.open()
        #expect(
            browser.app.receive(
                HandoffEvent.willContinue(activityType: "com.baton.monkeybrowser.tab.other"), context: browser.context))
        #expect(browser.app.tabs.count == 5)
        #expect(browser.app.tabs.selected.notice == .continuing)
    }

    @Test("a loading page shows the spinner and its address")
    func loading() async throws {
        let browser = try BrowserHarness()
        defer { browser.remove() }
        await browser.open()
        _ = browser.app.handle(.key(.alt("2")), context: browser.context)
        try Golden.check(browser.frame(width: 70, height: 12), named: "browser-loading")
        await browser.settle()
    }

    @Test("a page wider than the pane: pre lines clipped, scrolled sideways with Right")
    func preformatted() async throws {
        let browser = try BrowserHarness()
        defer { browser.remove() }
        await browser.open()
        await browser.press(.alt("3"))
        await browser.press(.char("G"))
        _ = browser.frame(width: 60, height: 30)
        await browser.press(KeyPress(.right), KeyPress(.right))
        try Golden.check(browser.frame(width: 60, height: 30), named: "browser-pre-scrolled")
    }
}
