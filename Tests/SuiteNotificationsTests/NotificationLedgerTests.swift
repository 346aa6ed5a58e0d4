import Foundation
import Notifications
import Testing

@testable import SuiteNotifications

@Suite struct NotificationLedgerTests {
    @Test func groupsByAppThenThreadNewestFirst() {
        var ledger = NotificationLedger()
        ledger.deliver(Fixture.delivered("1", thread: "ada", secondsAgo: 30))
        ledger.deliver(Fixture.delivered("2", bundle: "com.baton.cli", secondsAgo: 20))
        ledger.deliver(Fixture.delivered("3", thread: "bob", secondsAgo: 10))
        ledger.deliver(Fixture.delivered("4", thread: "ada", secondsAgo: 0))
        let groups = ledger.groups
        #expect(groups.map(\.bundleIdentifier) == [Fixture.browser, "com.baton.cli"])
        #expect(groups[0].threads.map(\.identifier) == ["ada", "bob"])
        #expect(groups[0].threads[0].notifications.map(\.request.identifier) == ["4", "1"])
    }

    @Test func sameIdentifierReplacesAndMovesToTop() {
        var ledger = NotificationLedger()
        ledger.deliver(Fixture.delivered("a", title: "old"))
        ledger.deliver(Fixture.delivered("b"))
        ledger.deliver(Fixture.delivered("a", title: "new"))
        #expect(ledger.delivered.map(\.request.identifier) == ["a", "b"])
        #expect(ledger.delivered.first?.request.content.title == "new")
    }

    @Test func relevanceOrdersTheThreadSummary() {
        let thread = ThreadGroup(
            identifier: "t",
            notifications: [
                Fixture.delivered("new", relevance: 0.1), Fixture.delivered("important", relevance: 0.9),
                Fixture.delivered("old", relevance: 0.1),
            ])
        #expect(thread.byRelevance.map(\.request.identifier) == ["important", "new", "old"])
        #expect(thread.moreSummary == "2 more")
    }

    @Test func badgesFollowContentAndTotal() {
        var ledger = NotificationLedger()
        ledger.deliver(Fixture.delivered("a", badge: 3))
        ledger.deliver(Fixture.delivered("b", bundle: "com.baton.cli", badge: 2))
        ledger.deliver(Fixture.delivered("c"))  // no badge: leaves it
        #expect(ledger.badges[Fixture.browser] == 3)
        #expect(ledger.badgeTotal == 5)
        ledger.deliver(Fixture.delivered("d", badge: 0))
        #expect(ledger.badgeTotal == 2)
    }

    @Test func removalForgetsOnlyThatOwner() {
        var ledger = NotificationLedger()
        ledger.deliver(Fixture.delivered("a"))
        ledger.deliver(Fixture.delivered("a", device: "box:a"))
        ledger.remove(
            NotificationsRemoved(
                owner: NotificationOwner(bundleIdentifier: Fixture.browser, device: "box:b"), identifiers: ["a"],
                pending: false, reason: .requested))
        #expect(ledger.delivered.map(\.owner.device) == ["box:a"])
    }
}
