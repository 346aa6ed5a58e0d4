import ArgumentParser

/// `baton` with no subcommand: the suite TUI.
struct SuiteCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "suite", abstract: "Open the suite (the default).")
  func run() throws { print("suite: not built yet") }
}
