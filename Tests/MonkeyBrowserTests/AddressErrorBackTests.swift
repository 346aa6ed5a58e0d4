import Foundation
import MonkeyBrowser
import Testing

@testable import TerminalUI

/// Issue 24, item 1: the error page for words that are no address is not a history entry of its own, so
/// Backspace there returns to the page the words were typed over, not the one before it.
@Suite("Back after an address error")
struct AddressErrorBackTests {
    @Test("Backspace on an address error returns to the page shown before, at its place")
    func backAfterAddressError() async throws {
        let browser = try BrowserBehaviourTests.harness()
        defer { browser.remove() }
        await browser.open()
        await browser.go(to: "http://x.test/next")
        await browser.go(to: "http://x.test/long")
        await browser.press(KeyPress(.pageDown))
        let scrolled = browser.app.tabs.selected.scroll.top
        #expect(scrolled > 0)
        await browser.go(to: "not an address")
        #expect(browser.app.tabs.selected.page?.isErrorPage == true)
        #expect(browser.frame().contains { $0.contains("go back (Backspace)") })

        await browser.press(KeyPress(.backspace))
        #expect(browser.app.tabs.selected.address == "http://x.test/long")
        #expect(browser.app.tabs.selected.page?.isErrorPage == false)
        #expect(browser.app.tabs.selected.scroll.top == scrolled)
        await browser.press(KeyPress(.backspace))
        #expect(browser.app.tabs.selected.address == "http://x.test/next")
        await browser.press(KeyPress(.right, .alt))
        #expect(browser.app.tabs.selected.address == "http://x.test/long")
    }

    @Test("a second address error in a row still goes back to the page, and a real address leaves from it")
    func twoErrors() async throws {
        let browser = try BrowserBehaviourTests.harness()
        defer { browser.remove() }
        await browser.open()
        await browser.go(to: "http://x.test/next")
        await browser.go(to: "not an address")
        await browser.go(to: "still no address")
        await browser.go(to: "http://x.test/long")
        await browser.press(KeyPress(.backspace))
        #expect(browser.app.tabs.selected.address == "http://x.test/next")
        await browser.go(to: "no address")
        await browser.press(KeyPress(.backspace))
        #expect(browser.app.tabs.selected.address == "http://x.test/next")
        #expect(browser.app.tabs.selected.page?.isErrorPage == false)
    }
}
