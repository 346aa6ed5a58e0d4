import Foundation
import Notifications
import TerminalUI
import TestSupport
import Testing

@testable import SuiteNotifications

/// The banner and the Notification Center drawn headlessly, compared with golden files.
@Suite struct NotificationViewGoldenTests {
    func banner(_ stack: BannerStack, width: Int = 70, height: Int = 12) -> [String] {
        var buffer = CellBuffer(size: Size(width: width, height: height))
        _ = stack.render(in: Rect(x: 0, y: 1, width: width, height: height - 3), now: Fixture.now, into: &buffer)
        return buffer.textLines()
    }

    func entry(_ n: DeliveredNotification, category: NotificationCategory?, preview: Bool = true) -> BannerStack.Entry {
        BannerStack.Entry(
            bar: ActionBar(notification: n, category: category), appName: "MonkeyBrowser",
            expires: Fixture.now.addingTimeInterval(5), showsPreview: preview, categoryOptions: category?.options ?? [])
    }

    @Test func bannerWithActionsAndAStack() throws {
        var stack = BannerStack()
        stack.push(entry(Fixture.delivered("old", title: "Earlier"), category: nil))
        let n = Fixture.delivered(
            "a", title: "Ada shared a page",
            body: "Swift 6 strict concurrency in practice: a long article about actors, sendability and the "
                + "migration of a terminal suite, which goes on for more than three lines at this width.",
            category: "message", secondsAgo: 120)
        stack.push(entry(n, category: Fixture.message))
        try Golden.check(banner(stack), named: "banner-actions")
        _ = stack.handle(.ctrl("n"))
        _ = stack.handle(KeyPress(.tab))
        try Golden.check(banner(stack), named: "banner-focused")
        _ = stack.handle(KeyPress(.enter))
        for c in "yes" { _ = stack.handle(.char(c)) }
        try Golden.check(banner(stack), named: "banner-reply")
    }

    @Test func hostileFieldsAreEscapedAndManyActionsHideBehindMore() throws {
        let many = NotificationCategory(
            identifier: "many",
            actions: (1...20).map { NotificationAction(identifier: "a\($0)", title: "Action \($0)") })
        var stack = BannerStack()
        stack.push(
            entry(
                Fixture.delivered(
                    "x", title: "Evil\u{1B}[2J\u{1B}]0;pwned\u{07}", body: String(repeating: "long ", count: 2000),
                    category: "many"), category: many))
        let lines = banner(stack, width: 60, height: 16)
        #expect(lines.joined().contains("\\u{1b}[2J"))
        #expect(lines.joined().contains("More…"))
        try Golden.check(lines, named: "banner-hostile-60x16")
    }

    @Test func hiddenPreviewsShowTheAppAndNotification() throws {
        var stack = BannerStack()
        stack.push(entry(Fixture.delivered("a", title: "Secret", body: "private"), category: nil, preview: false))
        let lines = banner(stack)
        #expect(lines.joined().contains("Notification"))
        #expect(!lines.joined().contains("Secret"))
    }

    func center(_ screen: CenterScreen, _ ledger: NotificationLedger, width: Int = 80, height: Int = 20) -> [String] {
        var buffer = CellBuffer(size: Size(width: width, height: height))
        _ = screen.render(
            in: Rect(size: buffer.size), ledger: ledger,
            appName: { $0 == Fixture.browser ? "MonkeyBrowser" : $0 == "com.baton.cli" ? "Baton" : $0 },
            doNotDisturb: nil, now: Fixture.now, into: &buffer)
        return buffer.textLines()
    }

    static func groupedLedger() -> NotificationLedger {
        var ledger = NotificationLedger()
        ledger.categories[Fixture.browser] = [Fixture.message]
        ledger.deliver(Fixture.delivered("b1", title: "Build finished", bundle: "com.baton.cli", secondsAgo: 7200))
        ledger.deliver(
            Fixture.delivered("m1", title: "Ada: lunch?", thread: "ada", category: "message", secondsAgo: 600))
        ledger.deliver(
            Fixture.delivered("m2", title: "Ada: at noon", thread: "ada", category: "message", secondsAgo: 300))
        ledger.deliver(
            Fixture.delivered(
                "p1", title: "Shared page", body: "https://example.com/article", thread: "pages", badge: 2,
                secondsAgo: 60))
        return ledger
    }

    @Test func centerGroupsByAppAndThread() throws {
        let ledger = Self.groupedLedger()
        var screen = CenterScreen()
        try Golden.check(center(screen, ledger), named: "center-grouped")
        _ = screen.handle(KeyPress(.down), ledger: ledger)  // the ada thread
        _ = screen.handle(KeyPress(.down), ledger: ledger)  // its "1 more"
        _ = screen.handle(KeyPress(.enter), ledger: ledger)  // expands
        _ = screen.handle(KeyPress(.up), ledger: ledger)
        _ = screen.handle(KeyPress(.right), ledger: ledger)  // buttons
        try Golden.check(center(screen, ledger), named: "center-expanded-actions")
    }

    @Test func centerKeysGiveCommands() {
        let ledger = Self.groupedLedger()
        var screen = CenterScreen()
        let top = ledger.delivered[0]
        #expect(
            screen.handle(KeyPress(.enter), ledger: ledger)
                == .respond(
                    top, actionIdentifier: NotificationResponse.defaultActionIdentifier, userText: nil, foreground: true
                ))
        #expect(screen.handle(.char("d"), ledger: ledger) == .dismiss(top))
        #expect(screen.handle(.char("c"), ledger: ledger) == .clear(bundleIdentifier: Fixture.browser))
        #expect(screen.handle(.char("C"), ledger: ledger) == .clear(bundleIdentifier: nil))
        #expect(screen.handle(.char("n"), ledger: ledger) == .toggleDoNotDisturb)
    }

    @Test func pendingTabListsNextFireDatesAndCancels() throws {
        var ledger = NotificationLedger()
        let owner = NotificationOwner(bundleIdentifier: "com.baton.cli", device: "box:b")
        let soon = PendingNotification(
            owner: owner,
            request: NotificationRequest(
                identifier: "tea", content: NotificationContent(title: "Tea"),
                trigger: .timeInterval(seconds: 600, repeats: false)),
            nextFireDate: Fixture.now.addingTimeInterval(600))
        ledger.replacePending([soon])
        var screen = CenterScreen()
        #expect(screen.handle(.char("t"), ledger: ledger) == .handled)
        #expect(screen.tab == .pending)
        let lines = center(screen, ledger)
        #expect(lines.joined().contains("Baton · Tea"))
        #expect(screen.handle(.char("x"), ledger: ledger) == .cancel(soon))
    }
}

/// Issue 22, finding 5: line breaks and tabs in a body are text, shown as lines and spaces; control characters
/// and escape sequences stay escaped.
@Suite struct MultiLineBodyGoldenTests {
    static let body = "Build 41 failed\n\tstep: link\r\nerror: \u{1B}[31mundefined symbol\nsee the log\nand more"

    @Test func aBannerShowsTheBodysLines() throws {
        var stack = BannerStack()
        stack.push(
            BannerStack.Entry(
                bar: ActionBar(notification: Fixture.delivered("ci", title: "CI", body: Self.body), category: nil),
                appName: "Baton", expires: Fixture.now.addingTimeInterval(5), showsPreview: true, categoryOptions: []))
        var buffer = CellBuffer(size: Size(width: 60, height: 12))
        _ = stack.render(in: Rect(x: 0, y: 1, width: 60, height: 9), now: Fixture.now, into: &buffer)
        let lines = buffer.textLines()
        #expect(!lines.joined().contains("\\n") && !lines.joined().contains("\\t"))
        #expect(lines.joined().contains("\\u{1b}[31m"))
        try Golden.check(lines, named: "banner-multiline-body")
    }

    @Test func theCenterShowsTheSelectedBodysLines() throws {
        var ledger = NotificationLedger()
        ledger.deliver(
            Fixture.delivered("ci", title: "CI", body: Self.body, bundle: "com.baton.cli", thread: "ci", secondsAgo: 60)
        )
        ledger.deliver(
            Fixture.delivered(
                "raw", title: "", body: "first\nsecond", bundle: "com.baton.cli", thread: "raw", secondsAgo: 30))
        var screen = CenterScreen()
        _ = screen.handle(KeyPress(.down), ledger: ledger)
        var buffer = CellBuffer(size: Size(width: 70, height: 14))
        _ = screen.render(
            in: Rect(size: buffer.size), ledger: ledger, appName: { _ in "Baton" }, doNotDisturb: nil, now: Fixture.now,
            into: &buffer)
        let lines = buffer.textLines()
        #expect(!lines.joined().contains("\\n"))
        try Golden.check(lines, named: "center-multiline-body")
    }

    @Test func lineBreaksWrapAndCutWithAnEllipsis() {
        #expect(NotificationText.body("a\nb\n\nc\nd", width: 10, maxLines: 3) == ["a", "b", "…"])
        #expect(NotificationText.body("one\ttwo\n", width: 20, maxLines: 3) == ["one two"])
        #expect(NotificationText.body("x\u{07}y", width: 20, maxLines: 3) == ["x\\u{7}y"])
    }
}
