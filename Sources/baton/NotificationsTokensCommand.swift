import ArgumentParser
import BatonEnvironment
import Foundation
import Notifications

/// `baton notifications tokens [--app A] [--device D] [--json]`: the device tokens apps were given
/// (`registerForRemoteNotifications()`), valid and unregistered, for `baton push --token`.
struct NotificationsTokensCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokens",
        abstract: "List the apps' device tokens for remote notifications (baton push --token HEX).",
        discussion: """
            One line per token: the token (64 hex digits), the app, the device, and "valid" or when it was \
            unregistered. --json prints [{"token", "owner": {"bundleIdentifier", "device"}, "registered", \
            "unregistered"?}] with ISO 8601 dates.
            """)

    @OptionGroup var scope: NotificationScope
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        guard case .tokensList(let list) = await NotificationCLI.request(.tokensQuery(scope.filter())) else {
            NotificationCLI.fail("unexpected reply", code: NotificationCLI.ExitCode.failed)
        }
        if json { return try JSONOutput.print(list) }
        if list.isEmpty { return print("no device tokens") }
        for token in list {
            let state = token.unregistered.map { "unregistered \(NotificationCLI.text($0))" } ?? "valid"
            // App and device names come from other devices: escaped for the terminal.
            print(
                TerminalText.line("\(token.token)  \(token.owner.bundleIdentifier) on \(token.owner.device)  \(state)"))
        }
    }
}
