import Foundation
import Notifications
import TerminalUI
import Testing

@testable import SuiteNotifications

@Suite struct BannerStackTests {
    func entry(_ notification: DeliveredNotification, seconds: Double = 5, category: NotificationCategory? = nil)
        -> BannerStack.Entry
    {
        BannerStack.Entry(
            bar: ActionBar(notification: notification, category: category), appName: "MonkeyBrowser",
            expires: Fixture.now.addingTimeInterval(seconds), showsPreview: true,
            categoryOptions: category?.options ?? [])
    }

    @Test func newestOnTopAndExpiresUnlessFocused() {
        var stack = BannerStack()
        stack.push(entry(Fixture.delivered("a"), seconds: 5))
        stack.push(entry(Fixture.delivered("b"), seconds: 8))
        #expect(stack.entries.map(\.bar.notification.request.identifier) == ["b", "a"])
        #expect(stack.nextExpiry == Fixture.now.addingTimeInterval(5))
        #expect(stack.handle(.ctrl("n")) == .handled)
        stack.expire(now: Fixture.now.addingTimeInterval(60))
        // The focused banner stays; the other left.
        #expect(stack.entries.map(\.bar.notification.request.identifier) == ["b"])
        #expect(stack.handle(KeyPress(.escape)) == .handled)
        #expect(stack.entries.isEmpty && !stack.isFocused)
    }

    @Test func ctrlNWithoutBannersIsNotTaken() {
        var stack = BannerStack()
        #expect(stack.handle(.ctrl("n")) == .ignored)
        stack.push(entry(Fixture.delivered("a")))
        #expect(stack.handle(.char("x")) == .ignored)
    }

    @Test func buttonsRunTheFocusedAction() {
        var stack = BannerStack()
        let n = Fixture.delivered("a", category: "message")
        stack.push(entry(n, category: Fixture.message))
        _ = stack.handle(.ctrl("n"))
        #expect(
            stack.handle(KeyPress(.enter))
                == .respond(
                    n, actionIdentifier: NotificationResponse.defaultActionIdentifier, userText: nil, foreground: true))
        #expect(stack.entries.isEmpty)

        stack.push(entry(n, category: Fixture.message))
        _ = stack.handle(.ctrl("n"))
        _ = stack.handle(KeyPress(.tab))
        _ = stack.handle(KeyPress(.tab))  // Mark as Read
        #expect(
            stack.handle(KeyPress(.enter)) == .respond(n, actionIdentifier: "read", userText: nil, foreground: false))
    }

    @Test func textReplyReachesTheResponse() {
        var stack = BannerStack()
        let n = Fixture.delivered("a", category: "message")
        stack.push(entry(n, category: Fixture.message))
        _ = stack.handle(.ctrl("n"))
        _ = stack.handle(KeyPress(.right))  // Reply
        #expect(stack.handle(KeyPress(.enter)) == .handled)
        #expect(stack.isEditingText)
        for c in "on my way" { _ = stack.handle(.char(c)) }
        #expect(
            stack.handle(KeyPress(.enter))
                == .respond(n, actionIdentifier: "reply", userText: "on my way", foreground: false))
    }

    @Test func authenticationRequiredAsksFirstAndEscCancels() {
        var stack = BannerStack()
        let n = Fixture.delivered("a", category: "message")
        stack.push(entry(n, category: Fixture.message))
        _ = stack.handle(.ctrl("n"))
        _ = stack.handle(KeyPress(.left))  // wraps to Delete
        #expect(stack.handle(KeyPress(.enter)) == .handled)
        #expect(stack.entries.first?.bar.confirming == true)
        #expect(stack.handle(KeyPress(.escape)) == .handled)
        #expect(stack.entries.count == 1 && stack.entries.first?.bar.confirming == false)
        _ = stack.handle(KeyPress(.left))
        _ = stack.handle(KeyPress(.enter))
        #expect(
            stack.handle(KeyPress(.enter)) == .respond(n, actionIdentifier: "delete", userText: nil, foreground: false))
    }

    @Test func dKeyDismissesTheNotification() {
        var stack = BannerStack()
        let n = Fixture.delivered("a")
        stack.push(entry(n))
        _ = stack.handle(.ctrl("n"))
        #expect(stack.handle(.char("d")) == .dismiss(n))
    }

    @Test func aThousandArrivalsCoalesce() {
        var stack = BannerStack()
        for index in 0..<1000 { stack.push(entry(Fixture.delivered("n\(index)"))) }
        #expect(stack.entries.count == BannerStack.maxKept)
        #expect(stack.overflow == 1000 - BannerStack.maxKept)
        #expect(stack.entries.first?.bar.notification.request.identifier == "n999")
    }

    @Test func removedElsewhereLeaves() {
        var stack = BannerStack()
        let n = Fixture.delivered("a")
        stack.push(entry(n))
        _ = stack.handle(.ctrl("n"))
        stack.remove(owner: n.owner, identifiers: ["a"])
        #expect(stack.entries.isEmpty && !stack.isFocused)
    }
}

/// Issue 22, "bring it back": a banner recalled with Ctrl-N is focused on top; `c` puts every banner away
/// without dismissing anything.
@Suite struct BannerRecallTests {
    let stacks = BannerStackTests()

    @Test func aRecalledBannerIsFocusedOnTop() {
        var stack = BannerStack()
        stack.recall(stacks.entry(Fixture.delivered("old")))
        #expect(stack.isFocused && stack.entries.map(\.bar.notification.request.identifier) == ["old"])
        // Focused, it stays past its time.
        stack.expire(now: Fixture.now.addingTimeInterval(60))
        #expect(stack.entries.count == 1)
    }

    @Test func cPutsEveryBannerAwayAndDismissesNothing() {
        var stack = BannerStack()
        for name in ["a", "b", "c"] { stack.push(stacks.entry(Fixture.delivered(name))) }
        #expect(stack.handle(.ctrl("n")) == .handled)
        #expect(stack.handle(.char("c")) == .handled)
        #expect(stack.entries.isEmpty && !stack.isFocused)
    }
}

/// Issue 22: the newest notification heads a collapsed thread in F4; relevanceScore orders only its summary.
@Suite struct ThreadHeadTests {
    @Test func theNewestHeadsACollapsedThreadAndTheMostRelevantNamesTheSummary() {
        var ledger = NotificationLedger()
        ledger.deliver(
            Fixture.delivered("important", title: "Ada: the plan", thread: "ada", relevance: 1, secondsAgo: 120))
        ledger.deliver(Fixture.delivered("new", title: "Ada: ok", thread: "ada", relevance: 0, secondsAgo: 10))
        let rows = CenterScreen().rows(ledger)
        let heads = rows.compactMap { row -> String? in
            if case .notification(let notification) = row { return notification.request.identifier }
            return nil
        }
        #expect(heads == ["new"])
        #expect(ledger.groups.first?.threads.first?.byRelevance.first?.request.identifier == "important")
    }
}
