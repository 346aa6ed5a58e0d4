import ArgumentParser
import BatonEnvironment
import Foundation

/// The `baton` command: with no subcommand it opens the suite; subcommands reach the account's services.
struct BatonCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baton",
        abstract: "Handoff, notifications and Today widgets for Linux terminals.",
        discussion: BatonManual.discussion,
        version: BatonVersion.current,
        subcommands: [
            SuiteCommand.self,
            BenchCommand.self,
            WidgetCommand.self,
            WidgetsCommand.self,
            DaemonCommand.self,
            DevicesCommand.self,
            ActivitiesCommand.self,
            HandoffProbeCommand.self,
            KeyValueProbeCommand.self,
            DumpCommand.self,
            KeyValueCommand.self,
            LocationCommand.self,
            DndCommand.self,
            CookiesCommand.self,
            NotifyCommand.self,
            NotificationsCommand.self,
            PushCommand.self,
            APNsCommand.self,
            NtfyCommand.self,
            SSHCommand.self,
            AccountCommand.self,
            ServerCommand.self,
            EnvCommand.self,
        ],
        defaultSubcommand: SuiteCommand.self
    )
}

/// The version string shown by `--version` and the About screen.
enum BatonVersion {
    static let current = "0.1.0"
}
