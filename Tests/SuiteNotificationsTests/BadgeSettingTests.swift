import Foundation
import Notifications
import TerminalUI
import TestSupport
import Testing

@testable import SuiteNotifications

/// Issue 22, finding 4: the Badges setting, "Don't Allow" and removing every notification hide an app's badge
/// in F4, the top bar (`badges`) and the terminal title (`badgeTotal`).
@Suite struct BadgeSettingTests {
    func center(_ ledger: NotificationLedger) -> [String] {
        var buffer = CellBuffer(size: Size(width: 70, height: 12))
        _ = CenterScreen().render(
            in: Rect(size: buffer.size), ledger: ledger,
            appName: { $0 == Fixture.browser ? "MonkeyBrowser" : "Baton" }, doNotDisturb: nil, now: Fixture.now,
            into: &buffer)
        return buffer.textLines()
    }

    static func ledger() -> NotificationLedger {
        var ledger = NotificationLedger()
        ledger.deliver(Fixture.delivered("p", title: "Shared page", badge: 2, secondsAgo: 60))
        ledger.deliver(Fixture.delivered("b", title: "Build finished", bundle: "com.baton.cli", badge: 3))
        ledger.settings[Fixture.browser] = .granted([.alert, .sound, .badge])
        ledger.settings["com.baton.cli"] = .granted([.alert, .sound, .badge])
        return ledger
    }

    @Test func badgesOffHidesTheAppsBadgeEverywhere() throws {
        var ledger = Self.ledger()
        #expect(ledger.badgeTotal == 5)
        ledger.settings[Fixture.browser]?.badgesEnabled = false
        #expect(ledger.badges[Fixture.browser] == nil)
        #expect(ledger.badgeTotal == 3)
        let lines = center(ledger)
        #expect(lines.joined().contains("badge 3") && !lines.joined().contains("badge 2"))
        try Golden.check(lines, named: "center-badges-off")
    }

    @Test func dontAllowHidesTheBadge() {
        var ledger = Self.ledger()
        ledger.settings[Fixture.browser] = NotificationSettings(authorizationStatus: .denied)
        #expect(ledger.badges[Fixture.browser] == nil)
        #expect(ledger.badgeTotal == 3)
    }

    @Test func removingEveryNotificationOfAnAppClearsItsBadge() throws {
        var ledger = Self.ledger()
        ledger.remove(
            NotificationsRemoved(
                owner: NotificationOwner(bundleIdentifier: Fixture.browser, device: "box:b"), identifiers: ["p"],
                pending: false, reason: .requested))
        #expect(ledger.badges[Fixture.browser] == nil)
        #expect(ledger.badgeTotal == 3)
        // A badge set with no notification (a badge-only push) shows until notifications are removed.
        ledger.setBadge(7, for: Fixture.browser)
        #expect(ledger.badgeTotal == 10)
        try Golden.check(center(ledger), named: "center-badge-after-removal")
    }
}
