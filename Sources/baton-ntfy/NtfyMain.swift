import ArgumentParser
import BatonEnvironment
import Foundation

/// `baton-ntfy`: ntfy's HTTP publish and subscribe API on this machine (`baton ntfy serve`), and the server the
/// daemon supervises (`serve --supervised`, `baton ntfy on`).
@main
struct NtfyMain: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baton ntfy", abstract: "ntfy's HTTP publish and subscribe API on this machine.",
        subcommands: [ServeCommand.self, TokenCommand.self, AccessCommand.self])

    /// As ArgumentParser's, but bad usage is one line (`baton ntfy: …`) and exit 64, without the usage text.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            guard exitCode(for: error).rawValue == BatonExitCode.usage else { exit(withError: error) }
            let first = message(for: error).split(separator: "\n").first.map(String.init) ?? "bad usage"
            let line = first.hasPrefix("Error: ") ? String(first.dropFirst("Error: ".count)) : first
            FileHandle.standardError.write(Data("baton ntfy: \(line)\n".utf8))
            exit(withError: ExitCode(BatonExitCode.usage))
        }
    }
}
