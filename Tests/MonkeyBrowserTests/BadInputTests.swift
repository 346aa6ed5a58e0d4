import Foundation
import MonkeyBrowser
import Testing

@testable import TerminalUI

/// Pages that are broken in some way show a clear message or their readable part, never a crash.
@Suite("Bad input")
struct BadInputTests {
    /// Writes `bytes` to a file in the harness's BATON_HOME and opens it in the selected tab.
    func open(_ bytes: [UInt8], named name: String, in browser: BrowserHarness) async throws -> DisplayedPage {
        try FileManager.default.createDirectory(at: browser.home, withIntermediateDirectories: true)
        let file = browser.home.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        await browser.go(to: file.absoluteString)
        _ = browser.frame()
        return try #require(browser.app.tabs.selected.page)
    }

    @Test("invalid UTF-8 is decoded with replacement characters")
    func invalidUTF8() async throws {
        let browser = try BrowserHarness()
        defer { browser.remove() }
        await browser.open()
        let bytes = Array("<html><body><p>caf".utf8) + [0xE9, 0xFF, 0xC3] + Array(" ok</p></body></html>".utf8)
        let page = try await open(bytes, named: "bad.html", in: browser)
        #expect(!page.isErrorPage)
        #expect(page.layout.plainText.contains(" ok"))
    }

    @Test("10 000 nested elements and unclosed tags still lay out")
    func deepAndBroken() async throws {
        let browser = try BrowserHarness()
        defer { browser.remove() }
        await browser.open()
        let html =
            String(repeating: "<div>", count: 10_000) + "deep text" + String(repeating: "</div>", count: 10_000)
            + "<p>broken <b>bold <i>both</p><table><tr><td>cell"
        let page = try await open(Array(html.utf8), named: "deep.html", in: browser)
        #expect(page.layout.plainText.contains("deep text"))
        #expect(page.layout.plainText.contains("cell"))
    }

    @Test("binary content is refused with a message in the page")
    func binary() async throws {
        let browser = try BrowserHarness()
        defer { browser.remove() }
        await browser.open()
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52]
        let page = try await open(png, named: "image.png", in: browser)
        #expect(page.isErrorPage)
        #expect(browser.frame().contains { $0.contains("Cannot load page") })
    }

    @Test("an address that cannot be a URL is an error page")
    func invalidAddress() async throws {
        let browser = try BrowserHarness()
        defer { browser.remove() }
        await browser.open()
        browser.app.go(to: "   ")
        let page = try #require(browser.app.tabs.selected.page)
        #expect(page.isErrorPage)
        #expect(page.layout.plainText.contains("invalid URL"))
    }
}
