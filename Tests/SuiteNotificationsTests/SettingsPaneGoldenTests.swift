import Foundation
import Notifications
import TerminalUI
import TestSupport
import Testing

@testable import SuiteNotifications

/// Issue 24, item 14: the settings rows keep their columns apart ("not asked" no longer runs into the next
/// column: "not askeoff").
@Suite struct SettingsPaneGoldenTests {
    @Test func everyValueStaysInItsColumn() throws {
        var ledger = NotificationLedger()
        ledger.settings["com.baton.today"] = NotificationSettings()
        ledger.settings["com.baton.monkeybrowser"] = .granted([.alert, .sound, .badge])
        ledger.settings["com.baton.stores"] = NotificationSettings(authorizationStatus: .denied)
        let apps = SettingsPane.apps([
            "com.baton.today": "Today", "com.baton.monkeybrowser": "MonkeyBrowser", "com.baton.stores": "Stores",
        ])
        var buffer = CellBuffer(size: Size(width: 80, height: 6))
        SettingsPane().render(in: Rect(x: 0, y: 0, width: 80, height: 6), apps: apps, ledger: ledger, into: &buffer)
        let lines = buffer.textLines()
        #expect(lines.contains { $0.hasPrefix("Today") && $0.contains("not asked  off") }, "\(lines)")
        try Golden.check(lines, named: "settings-pane-80")
    }
}

/// Issue 24, item 14: a banner over an app with a border at the screen's edge (Stores' list) leaves no
/// doubled border beside its own.
@Suite struct BannerOverBorderTests {
    @Test func theMarginsBesideABannerAreClear() throws {
        var stack = BannerStack()
        stack.push(
            BannerStack.Entry(
                bar: ActionBar(notification: Fixture.delivered("a", title: "Near Union Square"), category: nil),
                appName: "Stores", expires: Fixture.now.addingTimeInterval(5), showsPreview: true,
                categoryOptions: []))
        var buffer = CellBuffer(size: Size(width: 60, height: 12))
        Box(title: "Search").render(in: Rect(x: 30, y: 0, width: 30, height: 12), into: &buffer)
        Box(title: "Map").render(in: Rect(x: 0, y: 0, width: 30, height: 12), into: &buffer)
        _ = stack.render(in: Rect(x: 0, y: 1, width: 60, height: 9), now: Fixture.now, into: &buffer)
        let lines = buffer.textLines()
        for line in lines[1..<6] {
            #expect(!line.hasSuffix("╮╮") && !line.hasSuffix("││") && !line.hasSuffix("╯│"), "\(lines)")
        }
        try Golden.check(lines, named: "banner-over-borders")
    }
}

/// Issue 24, item 7: the `?` overlay and About list the Notification Center's keys of every tab, not only the
/// current one's (`x` cancels a pending one, `Space` toggles a setting or expands a thread).
@Suite struct CenterKeysListedTests {
    @Test func everyTabsKeysAreListed() {
        let keys = CenterScreen.allKeys.map(\.keys)
        for key in ["x/d/Del", "Space", "Space/Enter", "Enter", "→/Tab", "d/Del", "c", "C", "t/Shift-Tab", "s", "n"] {
            #expect(keys.contains(key), "the Notification Center's keys lack \(key)")
        }
        #expect(CenterScreen.allKeys.contains { $0.label.contains("expand") })
    }
}

/// Issue 24, item 12: "Scheduled “Near Union Square” at on its event" says when instead.
@Suite struct ScheduledTextTests {
    @Test func aPlaceTriggerSaysWhereNotAt() {
        let near = Region(identifier: "R1", latitude: 37.78, longitude: -122.4, radius: 1000)
        #expect(
            ReminderText.when(nil, trigger: .location(near, repeats: false)) == "for when this device comes within 1 km"
        )
        let close = Region(identifier: "R2", latitude: 37.78, longitude: -122.4, radius: 250)
        #expect(
            ReminderText.when(nil, trigger: .location(close, repeats: false))
                == "for when this device comes within 250 m")
        #expect(ReminderText.when(nil, trigger: .push) == "for its push")
        let date = Date(timeIntervalSince1970: 1_750_000_000)
        #expect(ReminderText.when(date, trigger: nil, now: date).hasPrefix("at "))
    }
}
