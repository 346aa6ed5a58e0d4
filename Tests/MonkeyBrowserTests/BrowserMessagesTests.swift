import Foundation
import Testing

@testable import MonkeyBrowser
@testable import TerminalUI

/// Issue 24, item 10: a message belongs to the state it describes and goes when that state does; a question
/// is asked where its answer is typed.
@Suite("Browser messages")
struct BrowserMessagesTests {
    @Test("the resend question is on the status line; after y the earlier no is gone")
    func resendQuestionAndAnswer() async throws {
        let browser = try BrowserFormTests.harness()
        defer { browser.remove() }
        await BrowserFormTests.sendPostForm(browser)
        await browser.press(.ctrl("r"))
        let asking = browser.frame()
        #expect(asking.last?.contains("Reloading sends the form again. Send it? (y/n)") == true)
        #expect(!asking.dropLast().joined().contains("Send it?"), "asked once, where the answer is typed")
        await browser.press(.char("n"))
        #expect(browser.frame().last?.contains("The form was not sent again") == true)
        await browser.press(.ctrl("r"), .char("y"))
        let sent = browser.frame()
        #expect(sent.joined().contains("body=name=Ann%21"))
        #expect(!sent.joined().contains("not sent again"), "\(sent.last ?? "")")
    }

    @Test("“Continued on …” goes with the next key in the tab, or after a while")
    func continuedNoticeGoes() async throws {
        let browser = try BrowserBehaviourTests.harness()
        defer { browser.remove() }
        await browser.open()
        browser.app.wasContinued(0, on: "gamma")
        browser.app.finish(browser.context)
        #expect(browser.frame().last?.contains("Continued on gamma") == true)
        await browser.press(KeyPress(.down))
        #expect(browser.frame().last?.contains("Continued on gamma") == false)

        browser.app.wasContinued(0, on: "gamma")
        browser.app.finish(browser.context)
        let timer = LoopTimer(BrowserTimer.continuedNotice(tabID: browser.app.tabs[0].id))
        #expect(browser.timers[timer] == BrowserApp.continuedNoticeSeconds)
        browser.fire(timer)
        #expect(browser.app.tabs[0].notice == nil)
    }
}

/// Issue 24, item 11: the cookie jar's fix shows whole on the status line at 200 columns, with a long state path.
@Suite("Cookie jar fix on the status line")
struct CookieJarFixShownTests {
    @Test(arguments: [200])
    func theFixIsNotCut(width: Int) async throws {
        let browser = try BrowserHarness()
        defer { browser.remove() }
        await browser.open()
        await browser.go(to: "http://cookies.test/")
        let status = browser.frame(width: width, height: 24).last ?? ""
        #expect(status.contains("chmod 600 \(FixtureFetcher.openJar)"), "\(status)")
    }
}
