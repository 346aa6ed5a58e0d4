import Foundation
import MonkeyBrowser
import SuiteMessages
import Testing

@testable import TerminalUI

/// A long page: 120 numbered paragraphs, a link to the next page at the end, and one to a fragment.
let longPage = """
    <html><head><title>Long</title></head><body>
    <p><a href="#p100">to paragraph 100</a></p>
    \((1...120).map { "<p id=\"p\($0)\">Paragraph \($0).</p>" }.joined(separator: "\n"))
    <p><a href="http://x.test/next">next page</a></p>
    </body></html>
    """
let nextPage = """
    <html><head><title>Next</title></head><body><p>The next page. <a href="http://x.test/long">Back</a>
    <a href="https://www.apple.com/retail/unionsquare/">Apple Union Square</a></p></body></html>
    """

@Suite("Browser behaviour")
struct BrowserBehaviourTests {
    static func harness() throws -> BrowserHarness {
        try BrowserHarness(pages: ["http://x.test/long": longPage, "http://x.test/next": nextPage])
    }

    func go(_ browser: BrowserHarness, to address: String) async {
        await browser.press(.ctrl("l"), .ctrl("u"))
        await browser.type(address)
        await browser.press(KeyPress(.enter))
    }

    @Test("the first tab shows its start page from Resources")
    func startPage() async throws {
        let browser = try Self.harness()
        defer { browser.remove() }
        await browser.open()
        #expect(browser.app.tabs.selected.page?.title == "Weather")
        #expect(browser.app.tabs.selected.address == "http://pages.test/weather.html")
    }

    @Test("digits then Enter follow that link; the number shows in the status line")
    func linkNumber() async throws {
        let browser = try Self.harness()
        defer { browser.remove() }
        await browser.open()
        await browser.type("2")
        #expect(browser.frame().last?.contains("Follow link 2 → Favorites (Enter)") == true)
        await browser.press(KeyPress(.enter))
        #expect(browser.app.tabs.selected.address == "http://pages.test/favorites.html")
        #expect(browser.app.typedNumber.isEmpty)

        await browser.type("99")
        await browser.press(KeyPress(.enter))
        #expect(browser.app.tabs.selected.notice == .message("There is no link 99 on this page"))
    }

    @Test("Backspace erases a typed digit before it goes back")
    func backspaceEditsNumber() async throws {
        let browser = try Self.harness()
        defer { browser.remove() }
        await browser.open()
        await browser.type("12")
        await browser.press(KeyPress(.backspace))
        #expect(browser.app.typedNumber == "1")
        await browser.press(KeyPress(.escape))
        #expect(browser.app.typedNumber.isEmpty)
    }

    @Test("back and forward restore where the reader was")
    func backRestoresScroll() async throws {
        let browser = try Self.harness()
        defer { browser.remove() }
        await browser.open()
        await go(browser, to: "http://x.test/long")
        await browser.press(KeyPress(.pageDown), KeyPress(.pageDown))
        let scrolled = browser.app.tabs.selected.scroll.top
        #expect(scrolled > 0)
        await go(browser, to: "http://x.test/next")
        #expect(browser.app.tabs.selected.scroll.top == 0)
        await browser.press(KeyPress(.backspace))
        #expect(browser.app.tabs.selected.address == "http://x.test/long")
        #expect(browser.app.tabs.selected.scroll.top == scrolled)
        await browser.press(KeyPress(.right, .alt))
        #expect(browser.app.tabs.selected.address == "http://x.test/next")
        await browser.press(KeyPress(.left, .alt))
        await browser.press(KeyPress(.left, .alt))
        #expect(browser.app.tabs.selected.address == "http://pages.test/weather.html")
    }

    @Test("a #fragment link jumps within the page and joins the history")
    func fragment() async throws {
        let browser = try Self.harness()
        defer { browser.remove() }
        await browser.open()
        await go(browser, to: "http://x.test/long")
        await browser.type("1")
        await browser.press(KeyPress(.enter))
        let tab = browser.app.tabs.selected
        let line = try #require(tab.page?.line(forFragment: "p100"))
        #expect(tab.scroll.top == line)
        #expect(tab.address == "http://x.test/long#p100")
        await browser.press(KeyPress(.backspace))
        #expect(browser.app.tabs.selected.scroll.top == 0)
    }

    @Test("Tab and Shift-Tab cycle the links; the status line shows the focused address; Enter follows")
    func linkFocus() async throws {
        let browser = try Self.harness()
        defer { browser.remove() }
        await browser.open()
        await browser.press(KeyPress(.tab))
        #expect(browser.app.tabs.selected.focusedLink == 1)
        #expect(browser.frame().last?.contains("[1] http://pages.test/coffee.html") == true)
        await browser.press(KeyPress(.tab), KeyPress(.tab), KeyPress(.tab, .shift))
        #expect(browser.app.tabs.selected.focusedLink == 2)
        await browser.press(KeyPress(.enter))
        #expect(browser.app.tabs.selected.address == "http://pages.test/favorites.html")
    }

    @Test("/ finds, n and N move between matches")
    func find() async throws {
        let browser = try Self.harness()
        defer { browser.remove() }
        await browser.open()
        await browser.press(.char("/"))
        await browser.type("sunny")
        await browser.press(KeyPress(.enter))
        let find = try #require(browser.app.tabs.selected.find)
        #expect(find.matches.count == 2)
        #expect(find.current == 0)
        await browser.press(.char("n"))
        #expect(browser.app.tabs.selected.find?.current == 1)
        await browser.press(.char("N"))
        #expect(browser.app.tabs.selected.find?.current == 0)
    }

    @Test("Ctrl-T opens a tab with the address bar; Ctrl-W closes it; Alt-digits and brackets switch")
    func tabKeys() async throws {
        let browser = try Self.harness()
        defer { browser.remove() }
        await browser.open()
        await browser.press(.ctrl("t"))
        #expect(browser.app.tabs.count == 5)
        #expect(browser.app.mode == .address(TextFieldState()))
        await browser.type("http://x.test/next")
        await browser.press(KeyPress(.enter))
        #expect(browser.app.tabs.selected.label == "Next")
        await browser.press(.alt("3"))
        #expect(browser.app.tabs.selected.kind == .coffee)
        #expect(browser.app.tabs.selected.page?.title == "Coffee")
        await browser.press(.char("["), .char("["))
        #expect(browser.app.tabs.selected.kind == .weather)
        await browser.press(.char("["))
        await browser.press(.ctrl("w"))
        #expect(browser.app.tabs.count == 4)
        #expect(browser.app.tabs.selected.kind == .work)
    }

    @Test("an unreachable address shows an error page, never a crash")
    func errorPage() async throws {
        let browser = try Self.harness()
        defer { browser.remove() }
        await browser.open()
        await go(browser, to: "http://nowhere.test/")
        let page = try #require(browser.app.tabs.selected.page)
        #expect(page.isErrorPage)
        #expect(page.layout.plainText.contains("cannot reach nowhere.test"))
        await go(browser, to: "ftp://x.test/file")
        #expect(browser.app.tabs.selected.page?.layout.plainText.contains("unsupported URL scheme 'ftp'") == true)
    }

    @Test("an Apple Store link offers Stores; o posts OpenStoreRequest and switches to Stores")
    func storeLink() async throws {
        let browser = try Self.harness()
        defer { browser.remove() }
        await browser.open()
        await go(browser, to: "http://x.test/next")
        await browser.type("2")
        await browser.press(KeyPress(.enter))
        #expect(browser.app.tabs.selected.storeSlug == "unionsquare")
        #expect(browser.frame().contains { $0.contains("Open in Stores (o)") })
        await browser.press(.char("o"))
        #expect(
            browser.posted.compactMap { $0.message as? OpenStoreRequest } == [OpenStoreRequest(slug: "unionsquare")])
        #expect(browser.posted.map(\.addressee) == [.app("Stores")])
        #expect(browser.activated == ["Stores"])
    }

    @Test("the same device starts again with its tabs and histories")
    func restoredOnRestart() async throws {
        let first = try Self.harness()
        defer { first.remove() }
        await first.open()
        await go(first, to: "http://x.test/long")
        await first.press(KeyPress(.pageDown))
        let scrolled = first.app.tabs.selected.scroll.top
        await first.press(.ctrl("t"))
        await first.type("http://x.test/next")
        await first.press(KeyPress(.enter))
        await first.press(.alt("1"))
        first.app.disappear(context: first.context)

        let second = try BrowserHarness(
            pages: ["http://x.test/long": longPage, "http://x.test/next": nextPage], home: first.home)
        await second.open()
        #expect(second.app.tabs.count == 5)
        #expect(second.app.tabs.selectedIndex == 0)
        #expect(second.app.tabs.selected.address == "http://x.test/long")
        #expect(second.app.tabs.selected.scroll.top == scrolled)
        #expect(second.app.tabs.selected.history.back.map(\.url) == ["http://pages.test/weather.html"])
        #expect(second.app.tabs[4].history.current?.url == "http://x.test/next")
    }

    @Test("a resize lays the page out again near the same text")
    func reflow() async throws {
        let browser = try Self.harness()
        defer { browser.remove() }
        await browser.open()
        await go(browser, to: "http://pages.test/coffee.html")
        await browser.press(.char("j"), .char("j"), .char("j"), .char("j"), .char("j"), .char("j"))
        let before = browser.frame()[3]
        _ = browser.frame(width: 40, height: 24)
        let narrow = browser.frame(width: 40, height: 24)
        #expect(browser.app.tabs.selected.page?.layout.width == 38)
        let firstWord = try #require(before.split(separator: " ").first)
        #expect(narrow[2...4].contains { $0.contains(firstWord) })
    }
}
