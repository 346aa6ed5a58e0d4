import ArgumentParser
import BatonEnvironment
import Foundation
import Notifications

/// `baton notifications tokens [--app A] [--device D] [--json] | --unregister TOKEN`: the device tokens apps were
/// given (`registerForRemoteNotifications()`), valid and unregistered, for `baton push --token`; `--unregister`
/// ends one as its app's `unregisterForRemoteNotifications()` does (a push to it is then 410 Unregistered).
struct NotificationsTokensCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokens",
        abstract: "List the apps' device tokens for remote notifications (baton push --token HEX).",
        discussion: """
            One line per token: the token (64 hex digits), the app, the device, and "valid" or when it was \
            unregistered. --json prints [{"token", "owner": {"bundleIdentifier", "device"}, "registered", \
            "unregistered"?}] with ISO 8601 dates. --unregister TOKEN ends a valid token as its app's \
            unregisterForRemoteNotifications() does: a push to it is then APNs' 410 Unregistered (exit 67 for a \
            token that is not a valid one of this account).
            """)

    @OptionGroup var scope: NotificationScope
    @Flag(help: "Print JSON.") var json = false
    @Option(help: ArgumentHelp("Unregister this device token (64 hex digits).", valueName: "token"))
    var unregister: String?

    func run() async throws {
        if let unregister { return try await self.unregister(unregister) }
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

    /// Unregisters the valid token `text` names, as its app would; prints it as the list does.
    private func unregister(_ text: String) async throws {
        guard case .tokensList(let list) = await NotificationCLI.request(.tokensQuery(NotificationFilter())),
            let token = DeviceToken.normalized(text).flatMap({ hex in
                list.first { $0.token == hex && $0.unregistered == nil }
            })
        else {
            NotificationCLI.fail(
                "\(BoundedQuote.quote(text, limit: 80)) is not a valid device token of this account",
                code: NotificationCLI.ExitCode.unknownTarget)
        }
        guard case .done = await NotificationCLI.request(.unregisterForRemoteNotifications(token.owner)) else {
            NotificationCLI.fail("unexpected reply", code: NotificationCLI.ExitCode.failed)
        }
        if json {
            guard case .tokensList(let after) = await NotificationCLI.request(.tokensQuery(NotificationFilter())) else {
                NotificationCLI.fail("unexpected reply", code: NotificationCLI.ExitCode.failed)
            }
            return try JSONOutput.print(after.filter { $0.token == token.token })
        }
        let owner = token.owner
        print(TerminalText.line("\(token.token)  \(owner.bundleIdentifier) on \(owner.device)  unregistered"))
    }
}
