import Foundation
import Notifications
import Testing

@testable import SuiteNotifications

/// The account's Do Not Disturb layered under the device's: on when either is; the toggle is the device's.
@Suite struct AccountDoNotDisturbTests {
    @Test func eitherSwitchTurnsItOnAndTheToggleChangesOnlyTheDevice() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dnd-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let device = directory.appendingPathComponent("device.json")
        let account = directory.appendingPathComponent("account.json")
        let layered = LayeredDoNotDisturb(device: device, account: account)
        #expect(!layered.state.isOn(at: Date()))

        try DoNotDisturb(manual: true).save(to: account)
        #expect(layered.state.isOn(at: Date()))

        try DoNotDisturb(manual: false).save(to: account)
        #expect(!layered.state.isOn(at: Date()))
        #expect(try layered.toggle(at: Date()).manual)
        #expect(layered.state.isOn(at: Date()))
        #expect(try !DoNotDisturb.load(from: account).manual)
        #expect(try DoNotDisturb.load(from: device).manual)
    }
}
