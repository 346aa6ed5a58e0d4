import Foundation
import HTMLText
import MonkeyBrowser
import Testing

@testable import TerminalUI

/// Forms that push limits: they work, or say clearly why not, and never hang.
@Suite("Browser forms with bad input")
struct BrowserFormBadInputTests {
    @Test("a select of 100 000 options opens, scrolls to the end and picks the last")
    func hugeSelect() async throws {
        let options = (0..<100_000).map { "<option value=v\($0)>Option \($0)</option>" }.joined()
        let browser = try BrowserHarness(pages: [
            "http://x.test/big": "<form action='\(FixtureFetcher.echo)'><select name=s>\(options)</select></form>"
        ])
        defer { browser.remove() }
        await browser.open()
        await browser.go(to: "http://x.test/big")
        await browser.type("1")
        await browser.press(KeyPress(.enter), KeyPress(.end))
        #expect(browser.frame().joined().contains("Option 99999"))
        await browser.press(KeyPress(.enter))
        #expect(browser.frame().joined().contains("[Option 99999 ▾][1]"))
    }

    @Test("10 000 fields: the last one is reached by its number and edited")
    func manyFields() async throws {
        let inputs = (0..<10_000).map { "<input name=f\($0)>" }.joined()
        let browser = try BrowserHarness(pages: ["http://x.test/many": "<form>\(inputs)</form>"])
        defer { browser.remove() }
        await browser.open()
        await browser.go(to: "http://x.test/many")
        await browser.type("10000")
        await browser.press(KeyPress(.enter))
        await browser.type("last")
        await browser.press(KeyPress(.escape))  // Esc puts the old value back
        #expect(browser.app.tabs.selected.focusedLink == 10_000)
        await browser.type("10000")
        await browser.press(KeyPress(.enter))
        await browser.type("kept")
        #expect(browser.frame().joined().contains("kept"))
        let change = browser.app.tabs.selected.history.current?.form?.changes.last
        #expect(change?.index == 9_999)
        #expect(change?.value == .text("kept"))
    }

    @Test("a 1 MB value is shown cut to its box; sent by GET it is refused with the reason")
    func megabyteField() async throws {
        let big = String(repeating: "y", count: 1 << 20)
        let browser = try BrowserHarness(pages: [
            "http://x.test/huge": "<form action='\(FixtureFetcher.echo)'><input name=big value='\(big)'></form>"
        ])
        defer { browser.remove() }
        await browser.open()
        await browser.go(to: "http://x.test/huge")
        #expect(browser.frame().joined().contains("[yyyyyyyyyyyyyyyyyyy…][1]"))
        await browser.type("1")
        await browser.press(KeyPress(.enter), KeyPress(.enter))
        guard case .message(let text)? = browser.app.tabs.selected.notice else {
            Issue.record("no message")
            return
        }
        #expect(text.hasPrefix("Cannot send the form: the form's data makes an address of 1024 KB"))
        #expect(browser.app.tabs.selected.address == "http://x.test/huge")
    }
}
