import BatonEnvironment
import Foundation
import Notifications

/// A device's Do Not Disturb together with the account's: on when either is. F4's toggle changes the
/// device's own switch; the account's is changed with `baton dnd on|off --account`.
final class LayeredDoNotDisturb {
    private let device: DoNotDisturbFile
    private let account: DoNotDisturbFile

    init(device: URL, account: URL) {
        self.device = DoNotDisturbFile(url: device)
        self.account = DoNotDisturbFile(url: account)
    }

    /// The suite's clock (the test clock in tests).
    var now: () -> Date = Date.init

    /// The device's file (what the toggle writes).
    var url: URL { device.url }

    /// The device's state while it is on, else the account's while that is on, else the device's.
    var state: DoNotDisturb {
        let now = now()
        let own = device.state
        if own.isOn(at: now) { return own }
        let shared = account.state
        return shared.isOn(at: now) ? shared : own
    }

    func toggle(at now: Date) throws -> DoNotDisturb { try device.toggle(at: now) }
}
