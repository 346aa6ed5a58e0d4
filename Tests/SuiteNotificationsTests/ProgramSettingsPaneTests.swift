import Foundation
import Notifications
import TerminalUI
import TestSupport
import Testing

@testable import SuiteNotifications

/// Issue 39, item 1: F4's Settings has quiet delivery for every app and, for a freedesktop program, whether
/// its notifications also go to the account's other machines ("Machines": all or this; "-" for an app).
@Suite struct ProgramSettingsPaneTests {
    static let bot = "org.freedesktop.Build-Bot"

    static func ledger() -> NotificationLedger {
        var ledger = NotificationLedger()
        ledger.settings["com.baton.monkeybrowser"] = .granted([.alert, .sound, .badge])
        var quiet = NotificationSettings.granted([.alert, .sound, .badge, .provisional])
        quiet.keepFromOtherMachines = true
        ledger.settings[bot] = quiet
        return ledger
    }

    static let apps = SettingsPane.apps(["com.baton.monkeybrowser": "MonkeyBrowser", bot: "Build Bot"])

    @Test func quietAndMachinesAreColumns() throws {
        var buffer = CellBuffer(size: Size(width: 80, height: 4))
        SettingsPane().render(
            in: Rect(x: 0, y: 0, width: 80, height: 4), apps: Self.apps, ledger: Self.ledger(), into: &buffer)
        let lines = buffer.textLines()
        #expect(lines[0].contains("Quiet") && lines[0].contains("Machines"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("Build Bot") && $0.hasSuffix("on     this") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("MonkeyBrowser") && $0.hasSuffix("off    -") }, "\(lines)")
        try Golden.check(lines, named: "settings-pane-programs")
    }

    @Test func spaceTogglesQuietAndMachines() {
        var pane = SettingsPane()
        let ledger = Self.ledger()
        // Build Bot is the first row (by name); five steps right is Quiet, six is Machines.
        for _ in 0..<5 { _ = pane.handle(KeyPress(.right), apps: Self.apps, ledger: ledger) }
        guard case .changeSettings(let quiet) = pane.handle(.char(" "), apps: Self.apps, ledger: ledger) else {
            Issue.record("no change for Quiet")
            return
        }
        #expect(quiet.bundleIdentifier == Self.bot && quiet.quiet == false && quiet.allow == nil)
        _ = pane.handle(KeyPress(.right), apps: Self.apps, ledger: ledger)
        guard case .changeSettings(let machines) = pane.handle(.char(" "), apps: Self.apps, ledger: ledger) else {
            Issue.record("no change for Machines")
            return
        }
        #expect(machines.otherMachines == true)
        // An app has no Machines to toggle.
        _ = pane.handle(KeyPress(.down), apps: Self.apps, ledger: ledger)
        guard case .ignored = pane.handle(.char(" "), apps: Self.apps, ledger: ledger) else {
            Issue.record("an app's Machines toggled")
            return
        }
    }
}
