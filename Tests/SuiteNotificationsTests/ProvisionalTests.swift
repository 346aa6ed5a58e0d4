import Notifications
import TerminalUI
import Testing

@testable import SuiteNotifications

/// A quiet (provisional) app's notifications carry Keep / Turn Off, and Settings toggles reach the daemon.
@Suite struct ProvisionalTests {
    func ledger(_ status: AuthorizationStatus) -> NotificationLedger {
        var ledger = NotificationLedger()
        ledger.settings[Fixture.browser] =
            status == .provisional ? .granted([.provisional, .alert]) : Fixture.authorized
        ledger.deliver(Fixture.delivered("q", title: "Quietly"))
        return ledger
    }

    @Test func keepAndTurnOffOnlyWhileQuiet() {
        let quiet = ledger(.provisional)
        #expect(CenterScreen.actionBar(for: quiet.delivered[0], ledger: quiet).titles == ["Open", "Keep", "Turn Off"])
        let loud = ledger(.authorized)
        #expect(CenterScreen.actionBar(for: loud.delivered[0], ledger: loud).titles == ["Open"])
    }

    @Test func keepAllowsAndTurnOffDenies() {
        let quiet = ledger(.provisional)
        var screen = CenterScreen()
        _ = screen.handle(KeyPress(.right), ledger: quiet)  // the buttons, Keep focused
        #expect(
            screen.handle(KeyPress(.enter), ledger: quiet)
                == .changeSettings(SettingsChangeRequest(bundleIdentifier: Fixture.browser, allow: true)))
        _ = screen.handle(KeyPress(.right), ledger: quiet)
        _ = screen.handle(KeyPress(.right), ledger: quiet)  // Turn Off
        #expect(
            screen.handle(KeyPress(.enter), ledger: quiet)
                == .changeSettings(SettingsChangeRequest(bundleIdentifier: Fixture.browser, allow: false)))
    }

    @Test func settingsTabTogglesAField() {
        let loud = ledger(.authorized)
        var screen = CenterScreen()
        let apps = [(bundle: Fixture.browser, name: "MonkeyBrowser")]
        #expect(screen.handle(.char("s"), ledger: loud, apps: apps) == .handled)
        _ = screen.handle(KeyPress(.right), ledger: loud, apps: apps)
        _ = screen.handle(KeyPress(.right), ledger: loud, apps: apps)  // Sounds
        var expected = SettingsChangeRequest(bundleIdentifier: Fixture.browser)
        expected.sounds = false
        #expect(screen.handle(.char(" "), ledger: loud, apps: apps) == .changeSettings(expected))
    }
}
