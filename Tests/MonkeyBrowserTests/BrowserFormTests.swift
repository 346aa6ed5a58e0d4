import Foundation
import HTMLText
import MonkeyBrowser
import TestSupport
import Testing

@testable import TerminalUI

/// A form on a page: fields focused by number or Tab, edited in place, submitted by GET and POST to a page
/// that echoes what it got; going back over a POST asks first.
@Suite("Browser forms")
struct BrowserFormTests {
    static func form(method: String) -> String {
        """
        <html><head><title>Order</title></head><body>
        <form action="\(FixtureFetcher.echo)" method="\(method)">
        <p>Name: <input name=name value="Ann"></p>
        <p><input type=checkbox name=gift value=yes> Gift wrap</p>
        <p>Size: <select name=size><option>S</option><option>M</option><option value=large>L</option></select></p>
        <p>Note: <textarea name=note></textarea></p>
        <p><input type=submit name=go value=Order></p>
        </form></body></html>
        """
    }

    static func harness(home: URL? = nil, posts: RequestCount? = nil) throws -> BrowserHarness {
        try BrowserHarness(
            pages: ["http://forms.test/get": form(method: "get"), "http://forms.test/post": form(method: "post")],
            home: home, posts: posts)
    }

    /// Types a name, ticks the box, picks L, writes two lines in the textarea.
    func fill(_ browser: BrowserHarness) async {
        await browser.type("1")
        await browser.press(KeyPress(.enter), .ctrl("u"))
        await browser.type("Bo Li")
        await browser.press(KeyPress(.tab))  // leaves the field, focuses the checkbox
        await browser.press(KeyPress(.enter))
        await browser.type("3")
        await browser.press(KeyPress(.enter), KeyPress(.down), KeyPress(.down), KeyPress(.enter))
        await browser.type("4")
        await browser.press(KeyPress(.enter))
        await browser.type("hi")
        await browser.press(KeyPress(.enter))
        await browser.type("there")
        await browser.press(KeyPress(.escape))
    }

    @Test("filled in place and sent by GET: the echo shows the encoded fields")
    func getSubmission() async throws {
        let browser = try Self.harness()
        defer { browser.remove() }
        await browser.open()
        await browser.go(to: "http://forms.test/get")
        await fill(browser)
        let filled = browser.frame().joined(separator: "\n")
        #expect(filled.contains("Name: [Bo Li               ][1]"))
        #expect(filled.contains("[x][2] Gift wrap"))
        #expect(filled.contains("Size: [L        ▾][3]"))
        #expect(filled.contains("Note: [hi ↵…               ][4]"))
        await browser.type("5")
        await browser.press(KeyPress(.enter))
        let echo = browser.frame().joined(separator: "\n")
        #expect(echo.contains("method=GET"))
        #expect(echo.contains("query=name=Bo+Li&gift=yes&size=large&note=hi%0D%0Athere&go=Order"))
    }

    /// Opens the POST form, types "!" into its name and sends it with Enter.
    static func sendPostForm(_ browser: BrowserHarness) async {
        await browser.open()
        await browser.go(to: "http://forms.test/post")
        await browser.type("1")
        await browser.press(KeyPress(.enter))
        await browser.type("!")
        await browser.press(KeyPress(.enter))
    }

    @Test("Enter in a text field sends by POST; back asks before sending again")
    func postSubmissionAndBack() async throws {
        let browser = try Self.harness()
        defer { browser.remove() }
        await Self.sendPostForm(browser)
        #expect(browser.frame().joined().contains("body=name=Ann%21&size=S&note=&go=Order"))
        #expect(browser.app.tabs.selected.history.current?.post != nil)

        // Back to the form (not a POST), then forward: that would send the form again, so it asks.
        await browser.press(KeyPress(.backspace))
        #expect(browser.frame().joined().contains("Name: [Ann!"))
        await browser.press(KeyPress(.right, .alt))
        #expect(browser.app.mode == .confirmResubmit(step: 1))
        #expect(browser.frame().joined().contains("Going forward sends the form again. Send it? (y/n)"))
        await browser.press(.char("n"))
        #expect(browser.app.tabs.selected.page?.title == "Order")
        await browser.press(KeyPress(.right, .alt), .char("y"))
        #expect(browser.frame().joined().contains("body=name=Ann%21"))
        await browser.press(.ctrl("r"))
        #expect(browser.app.mode == .confirmResubmit(step: 0))
    }

    @Test("a tab restored at start never sends its form again; Ctrl-R asks, then sends it once")
    func restoredAnswerIsNotSentAgain() async throws {
        let posts = RequestCount()
        let first = try Self.harness(posts: posts)
        defer { first.remove() }
        await Self.sendPostForm(first)
        #expect(first.frame().joined().contains("body=name=Ann%21"))
        #expect(posts.value == 1)
        first.app.disappear(context: first.context)

        // The suite starts again (F10, then baton): the tab comes back, the form is not sent.
        let second = try Self.harness(home: first.home, posts: posts)
        await second.open()
        #expect(posts.value == 1)
        let screen = second.frame().joined(separator: "\n")
        #expect(screen.contains("Form not sent again"))
        #expect(!screen.contains("body=name=Ann%21"))
        await second.press(.ctrl("r"))
        #expect(second.app.mode == .confirmResubmit(step: 0))
        await second.press(.char("y"))
        #expect(posts.value == 2)
        #expect(second.frame().joined().contains("body=name=Ann%21"))
    }

    @Test("Esc puts a field's old value back; disabled fields say so")
    func escapeAndDisabled() async throws {
        let browser = try BrowserHarness(pages: [
            "http://forms.test/d": "<form><input name=a value=keep><input name=b disabled value=x></form>"
        ])
        defer { browser.remove() }
        await browser.open()
        await browser.go(to: "http://forms.test/d")
        await browser.type("1")
        await browser.press(KeyPress(.enter))
        await browser.type("zzz")
        await browser.press(KeyPress(.escape))
        #expect(browser.frame().joined().contains("[keep"))
        await browser.type("2")
        await browser.press(KeyPress(.enter))
        #expect(browser.app.tabs.selected.notice == .message("Field 2 is disabled"))
    }

    @Test("a password shows as stars, while typed and after")
    func password() async throws {
        let browser = try BrowserHarness(pages: ["http://forms.test/pw": "<form><input type=password name=p></form>"])
        defer { browser.remove() }
        await browser.open()
        await browser.go(to: "http://forms.test/pw")
        await browser.type("1")
        await browser.press(KeyPress(.enter))
        await browser.type("secret")
        await browser.press(KeyPress(.left))
        let typing = browser.frame().joined()
        #expect(typing.contains("******"))
        #expect(!typing.contains("secret"))
        await browser.press(KeyPress(.tab))
        let shown = browser.frame().joined()
        #expect(shown.contains("[******              ][1]"))
        #expect(!shown.contains("secret"))
    }

    @Test("a javascript: action gets a clear message and nothing is loaded")
    func javascriptAction() async throws {
        let browser = try BrowserHarness(pages: [
            "http://forms.test/js": "<form action='javascript:send()'><input name=a><input type=submit></form>"
        ])
        defer { browser.remove() }
        await browser.open()
        await browser.go(to: "http://forms.test/js")
        await browser.type("2")
        await browser.press(KeyPress(.enter))
        #expect(
            browser.app.tabs.selected.notice
                == .message(
                    "Cannot send the form: this form's action is a javascript: address, and Baton runs no scripts"))
        #expect(browser.app.tabs.selected.address == "http://forms.test/js")
    }

    @Test("a form being filled, rendered")
    func goldenFilling() async throws {
        let browser = try Self.harness()
        defer { browser.remove() }
        await browser.open()
        await browser.go(to: "http://forms.test/get")
        await browser.type("1")
        await browser.press(KeyPress(.enter), .ctrl("u"))
        await browser.type("Bo Li")
        try Golden.check(browser.framedWithHighlights(), named: "browser-form-filling")
        await browser.press(KeyPress(.tab), KeyPress(.tab), KeyPress(.enter))
        try Golden.check(browser.frame(), named: "browser-form-select")
    }

    @Test("a table too wide for the pane keeps its grid and scrolls sideways")
    func wideTable() async throws {
        let header = (1...8).map { "<th>Heading\($0)</th>" }.joined()
        let row = (1...8).map { "<td>Longwordcell\($0) alpha</td>" }.joined()
        let browser = try BrowserHarness(pages: [
            "http://x.test/wide": "<p>Wide:</p><table><tr>\(header)</tr><tr>\(row)</tr></table>"
        ])
        defer { browser.remove() }
        await browser.open()
        await browser.go(to: "http://x.test/wide")
        try Golden.check(browser.frame(), named: "browser-wide-table-80")
        await browser.press(KeyPress(.right), KeyPress(.right), KeyPress(.right), KeyPress(.right), KeyPress(.right))
        let scrolled = browser.frame().joined(separator: "\n")
        #expect(scrolled.contains("Heading8"))
        #expect(!scrolled.contains("Heading1 "))
    }
}
