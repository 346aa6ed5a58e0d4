import Foundation
import MonkeyBrowser
import TestSupport
import Testing

@testable import TerminalUI

/// MonkeyBrowser inside the suite shell: its own keys lead the help bar, and `?` lists all of them.
@Suite("Browser help bar and key overlay")
struct BrowserHelpGoldenTests {
    func shell() async throws -> (BrowserHarness, ShellFrames) {
        let browser = try BrowserHarness()
        await browser.open()
        return (browser, try ShellFrames(app: browser.app))
    }

    @Test("the help bar at 80 and 120 columns starts with the browser's keys", arguments: [80, 120])
    func helpBar(width: Int) async throws {
        let (browser, frames) = try await shell()
        defer { browser.remove() }
        let bar = frames.helpBar(width: width)
        #expect(bar.hasPrefix("Ctrl-L address"))
        #expect(bar.contains("/ find"))
        #expect(bar.hasSuffix("? all keys"))
        try Golden.check([bar], named: "browser-help-bar-\(width)")
    }

    @Test("? opens the key overlay with every browser key and the suite's; ? closes it")
    func keyOverlay() async throws {
        let (browser, frames) = try await shell()
        defer { browser.remove() }
        frames.press(.char("?"))
        let overlay = frames.frame(width: 80, height: 24)
        try Golden.check(overlay, named: "browser-key-overlay-80x24")
        // At 80×24 the keys do not all fit: the overlay scrolls, and every working key is in it (issue 24).
        var text = overlay.joined(separator: "\n")
        for _ in 0..<10 {
            frames.press(KeyPress(.pageDown))
            text += frames.frame(width: 80, height: 24).joined(separator: "\n")
        }
        for key in [
            "Alt-→", "Ctrl-R", "Shift-Tab", "Alt-1…Alt-9", "F10/Ctrl-C", "Ctrl-N", "Space/PgDn/Ctrl-F", "b/PgUp/Ctrl-B",
            "Ctrl-D/Ctrl-U", "g/Home", "G/End", "↑/↓/k/j", "←/→", "0-9 Enter",
        ] {
            #expect(text.contains(key), "the overlay lacks \(key)")
        }
        frames.press(.char("G"))
        try Golden.check(frames.frame(width: 80, height: 24), named: "browser-key-overlay-80x24-end")
        frames.press(.char("?"))
        #expect(!frames.frame(width: 80, height: 24).joined().contains("Keys: MonkeyBrowser"))
    }

    @Test("? typed into the address bar is text, not the overlay")
    func questionMarkInTheAddressBar() async throws {
        let (browser, frames) = try await shell()
        defer { browser.remove() }
        frames.press(.ctrl("l"))
        frames.press(.char("?"))
        #expect(!frames.frame(width: 80, height: 24).joined().contains("Keys: MonkeyBrowser"))
        guard case .address(let field) = browser.app.mode else {
            Issue.record("the address bar closed")
            return
        }
        #expect(field.text == "?")
    }
}
