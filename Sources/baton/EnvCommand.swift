import AccountClient
import ArgumentParser
import BatonEnvironment
import Foundation
import RemoteSession

/// `baton env`: the shell lines that put this shell on Baton's private session bus (`baton notifications server
/// on --bus`), for `eval "$(baton env)"` in a profile; nothing when no private bus runs.
struct EnvCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "env",
        abstract: "Print the shell lines for Baton's private session bus (eval \"$(baton env)\").")

    func run() throws {
        let paths = BatonPaths()
        guard let setting = NotificationServerSetting.load(paths: paths), setting.enabled, setting.privateBus,
            let address = setting.busAddress, PrivateSessionBus.runningPID(paths) != nil
        else { return }
        print(Self.line(address))
    }

    /// `DBUS_SESSION_BUS_ADDRESS='…'; export DBUS_SESSION_BUS_ADDRESS`.
    static func line(_ address: String) -> String {
        "DBUS_SESSION_BUS_ADDRESS=\(RemoteScript.quote(address)); export DBUS_SESSION_BUS_ADDRESS"
    }
}
