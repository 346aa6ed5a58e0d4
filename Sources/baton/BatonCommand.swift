import ArgumentParser
import BatonEnvironment
import Foundation

/// The `baton` command: with no subcommand it opens the suite; subcommands reach the account's services.
@main
struct BatonCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baton",
        abstract: "Handoff, notifications and Today widgets for Linux terminals.",
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
            DumpCommand.self,
            KeyValueCommand.self,
            LocationCommand.self,
        ],
        defaultSubcommand: SuiteCommand.self
    )

    /// Runs the command line. `baton dump` is parsed with `DumpCommand` as the root: parsing against the
    /// whole command tree costs `dump`, which is measured against `w3m -dump`, several milliseconds of
    /// runtime type lookups. Help and errors read the same either way (`baton dump …`).
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == DumpCommand.configuration.commandName {
            await DumpCommand.main(Array(arguments.dropFirst()))
        } else {
            await main(nil)
        }
    }
}

/// The version string shown by `--version` and the About screen.
enum BatonVersion {
    static let current = "0.1.0"
}
