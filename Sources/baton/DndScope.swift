import ArgumentParser
import BatonEnvironment
import Foundation
import Notifications
import SuiteNotifications

/// `--account` of `baton dnd`: the whole account's Do Not Disturb (every device's suite honours it) rather
/// than this device's.
struct DndScope: ParsableArguments {
    @Flag(help: "The whole account (every device) rather than this device.") var account = false

    /// The file `baton dnd` reads and writes.
    func file(_ options: DeviceOptions) -> URL {
        account
            ? DoNotDisturb.accountFile(paths: BatonPaths())
            : DoNotDisturb.file(paths: BatonPaths(), device: options.deviceName)
    }

    /// What the report names: the device, or "the account".
    func name(_ options: DeviceOptions) -> String { account ? "the account" : options.deviceName }
}
