import Foundation
import Testing

@testable import MonkeyBrowser
@testable import TerminalUI

/// `<meta http-equiv=refresh>` with its note and `Esc`, and `Ctrl-R`.
@Suite("Browser refresh and reload")
struct BrowserRefreshTests {
    static let moving = """
        <html><head><title>Moving</title><meta http-equiv="refresh" content="3; URL='http://x.test/next'"></head>
        <body><p>Moving on.</p></body></html>
        """

    static func harness() throws -> BrowserHarness {
        try BrowserHarness(pages: [
            "http://x.test/moving": moving, "http://x.test/next": "<title>Next</title><p>Arrived.</p>",
        ])
    }

    func refreshTimer(_ browser: BrowserHarness) -> (token: LoopTimer, seconds: TimeInterval)? {
        browser.timers.first {
            if case .refresh = $0.key.key(as: BrowserTimer.self) { true } else { false }
        }.map { ($0.key, $0.value) }
    }

    @Test("a meta refresh shows where it goes, then goes there when its timer fires")
    func refreshGoes() async throws {
        let browser = try Self.harness()
        defer { browser.remove() }
        await browser.open()
        await browser.go(to: "http://x.test/moving")
        #expect(browser.frame().last?.contains("Going to http://x.test/next in 3 s (Esc stops)") == true)
        let timer = try #require(refreshTimer(browser))
        #expect(timer.seconds == 3)
        browser.fire(timer.token)
        await browser.settle()
        #expect(browser.app.tabs.selected.page?.title == "Next")
        #expect(browser.app.tabs.selected.history.canGoBack)
    }

    @Test("Esc stops a waiting refresh; its timer then does nothing")
    func escapeStops() async throws {
        let browser = try Self.harness()
        defer { browser.remove() }
        await browser.open()
        await browser.go(to: "http://x.test/moving")
        let timer = try #require(refreshTimer(browser))
        await browser.press(KeyPress(.escape))
        #expect(browser.app.tabs.selected.notice == .message("Refresh stopped"))
        browser.fire(timer.token)
        await browser.settle()
        #expect(browser.app.tabs.selected.page?.title == "Moving")
    }

    @Test("Ctrl-R loads the page again where the reader was")
    func reload() async throws {
        let browser = try Self.harness()
        defer { browser.remove() }
        await browser.open()
        await browser.go(to: "http://x.test/next")
        _ = browser.app.handle(.key(.ctrl("r")), context: browser.context)
        #expect(browser.app.tabs.selected.loading?.url == "http://x.test/next")
        await browser.settle()
        #expect(browser.app.tabs.selected.page?.title == "Next")
    }
}
