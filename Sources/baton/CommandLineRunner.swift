import ArgumentParser
import BatonEnvironment
import Foundation
import Synchronization

/// Parses and runs a `baton` command line, and turns every error into one line on standard error
/// that names the command (`baton location set: …`) and an exit code from `BatonExitCode`.
enum CommandLineRunner {
    /// Runs `arguments` (without the program name) under `BatonCommand`; returns the exit code.
    @MainActor
    static func run(_ arguments: [String]) async -> Int32 {
        if let unknown = unknownCommand(in: arguments) {
            let names = BatonCommand.configuration.subcommands.filter { $0.configuration.shouldDisplay }
                .map { $0._commandName }
            printError(
                "baton: unknown command '\(unknown)' (commands: \(names.joined(separator: ", ")); "
                    + "see 'baton --help')")
            return BatonExitCode.usage
        }
        if SSHCommand.asksForHelp(arguments) {
            print(BatonCommand.helpMessage(for: SSHCommand.self))
            return BatonExitCode.success
        }
        do {
            return await execute(try BatonCommand.parseAsRoot(arguments), arguments: arguments)
        } catch {
            return report(error, root: BatonCommand.self, path: commandPath(arguments))
        }
    }

    /// The command line being run: a command that ends itself with one line (`NotificationCLI.fail`) names its
    /// command from it, as `report` does (`baton notify: …`, not `baton: …`).
    private static let running = Mutex<[String]>([])

    /// "baton notify": the command being run, as its errors name it.
    static var runningPath: String { commandPath(running.withLock { $0 }) }

    /// Runs a parsed command of `arguments`; returns the exit code, reporting an error as `report` does.
    @MainActor
    static func execute(_ parsed: sending any ParsableCommand, arguments: [String]) async -> Int32 {
        running.withLock { $0 = arguments }
        do {
            if var asyncCommand = parsed as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                var command = parsed
                try command.run()
            }
            return BatonExitCode.success
        } catch {
            return report(error, root: BatonCommand.self, path: commandPath(arguments))
        }
    }

    /// Prints what `error` means for the command at `path` and returns the exit code.
    static func report(_ error: any Error, root: any ParsableCommand.Type, path: String) -> Int32 {
        switch error {
        case let failure as CommandFailure:
            printError("\(path): \(failure.message)")
            return failure.code
        case let code as ExitCode:
            return code.rawValue  // The command already said why.
        default:
            break
        }
        let code = root.exitCode(for: error)
        if code == .success {
            // --help, --version, `baton help CMD`: the text on standard output.
            print(HelpLayout.usageFirst(root.fullMessage(for: error)))
            return BatonExitCode.success
        }
        let message = oneLine(root.message(for: error))
        if code == .validationFailure {
            printError("\(path): \(message) (see '\(path) --help')")
            return BatonExitCode.usage
        }
        printError("\(path): \(message)")
        return BatonExitCode.failure
    }

    /// "baton location set": the command words at the start of `arguments`, as the command tree names them.
    static func commandPath(_ arguments: [String], root: any ParsableCommand.Type = BatonCommand.self) -> String {
        var words = ["baton"]
        var command: any ParsableCommand.Type = root
        for argument in arguments where !argument.hasPrefix("-") {
            guard let sub = command.configuration.subcommands.first(where: { $0._commandName == argument }) else {
                break
            }
            words.append(argument)
            command = sub
        }
        return words.joined(separator: " ")
    }

    /// The first word when it is neither an option nor a command (`baton bogus`).
    static func unknownCommand(in arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), first != "help" else { return nil }
        let known = BatonCommand.configuration.subcommands.map { $0._commandName }
        return known.contains(first) ? nil : first
    }

    /// Several lines (a decoding error's context, a usage block) folded into one.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("Usage:") && !$0.hasPrefix("See '") }
            .joined(separator: "; ")
            .replacingOccurrences(of: "Error: ", with: "")
    }

    /// Writes `line` to standard error, escaped (`TerminalText`): it may quote the daemon or a page.
    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((TerminalText.line(line) + "\n").utf8))
    }
}
