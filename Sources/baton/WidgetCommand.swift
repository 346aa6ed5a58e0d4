import ArgumentParser

/// `baton widget`: run Today widget extensions by hand.
struct WidgetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "widget", abstract: "Run a Today widget extension.",
        subcommands: [WidgetRunCommand.self])
}
