import Foundation
import Stores
import Testing
import UserNotifications

@testable import TerminalUI

/// Issue 24, item 12: the details say when "notify me near" is set for the store (the suite tells Stores
/// which of its notifications are pending on this device).
@Suite("Stores details show a set alert")
struct StoresAlertDetailsTests {
    @Test("the details of a store with a pending near-alert say so; without it they do not")
    func alertShown() throws {
        let harness = try StoresHarness.launched(coordinator: StoresHarness.offlineCoordinator())
        harness.press(.char("/"))
        harness.type("Regent Street")
        harness.press(KeyPress(.enter))
        harness.press(KeyPress(.enter))
        let store = try #require(harness.app.state.detailsStore)
        let bundle = try #require(harness.app.bundleIdentifier)
        #expect(!harness.frame().joined().contains("Notifies you"))

        _ = harness.app.receive(
            PendingNotificationsChanged(bundleIdentifier: bundle, identifiers: ["near:\(store.id)"]),
            context: harness.context)
        #expect(harness.frame().contains { $0.contains("✓ Notifies you within 1 km") })

        _ = harness.app.receive(
            PendingNotificationsChanged(bundleIdentifier: bundle, identifiers: []), context: harness.context)
        #expect(!harness.frame().joined().contains("Notifies you"))
    }
}

/// Issue 24, item 8: a search says why a store matched: the selected one on the status line, each row when
/// the list has room.
@Suite("Stores search says why")
struct StoresSearchReasonTests {
    @Test("IL lists Illinois stores first and says it matched the state code")
    func stateCode() throws {
        let harness = try StoresHarness.launched()
        harness.press(.char("/"))
        harness.type("IL")
        let first = try #require(harness.app.state.rows.first)
        #expect(first.region == "Illinois")
        let frame = harness.frame(width: 160, height: 28)
        #expect(frame.last { !$0.isEmpty }?.contains("matched region IL = Illinois") == true, "\(frame.suffix(2))")
        #expect(frame.contains { $0.contains("\(first.name) · \(first.city), US  ← region") }, "\(frame)")
    }

    @Test("UK lists the stores in the United Kingdom first")
    func countryAlias() throws {
        let harness = try StoresHarness.launched()
        harness.press(.char("/"))
        harness.type("UK")
        #expect(harness.app.state.rows.first?.country == "GB")
        #expect(harness.frame(width: 160, height: 28).joined().contains("matched country UK = United Kingdom"))
    }
}
