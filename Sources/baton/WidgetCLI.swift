import ArgumentParser
import BatonEnvironment
import Foundation
import Today

/// What the widget commands share: the catalog, JSON output and error reporting.
enum WidgetCLI {
    /// The installed widgets, from the Resources directory.
    static func catalog() throws -> WidgetCatalog {
        do {
            return try WidgetCatalog.load(resources: try ResourceLocator.requireResources())
        } catch {
            throw fail(error)
        }
    }

    /// Prints `error` on stderr and returns the exit code to throw.
    static func fail(_ error: Error) -> ExitCode {
        printError(String(describing: error))
        return ExitCode(1)
    }

    /// Writes one line to stderr, naming the command (`baton widget run: …`).
    static func printError(_ message: String) {
        CommandLineRunner.printError(
            "\(CommandLineRunner.commandPath(Array(CommandLine.arguments.dropFirst()))): \(message)")
    }
}
