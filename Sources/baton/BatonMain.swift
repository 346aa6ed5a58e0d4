import ArgumentParser
import BatonEnvironment
import Foundation

/// The entry point. `baton dump` runs synchronously on the main thread with `DumpCommand` as the root
/// command: it is measured against `w3m -dump`, and parsing against the whole command tree cost it several
/// milliseconds of runtime type lookups, the async machinery threads and hops. Everything else runs the
/// command tree as an async `main` would: a task on the main actor while dispatch serves the main queue.
@main
enum BatonMain {
    /// `baton` with only `dump` under it: help and usage errors are printed through it, so they name
    /// `baton dump` (parsing under it costs 0.75 ms more, so a dump that parses is not).
    struct DumpRoot: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "baton", subcommands: [DumpCommand.self])
    }

    /// Runs `baton dump` with `arguments` (what follows `dump`).
    static func runDump(_ arguments: [String]) {
        if let plain = DumpRun.plain(arguments) {
            do {
                try plain.run()
            } catch {
                exit(CommandLineRunner.report(error, root: DumpRoot.self, path: "baton dump"))
            }
            return
        }
        guard let parsed = try? DumpCommand.parseAsRoot(arguments), let command = parsed as? DumpCommand else {
            // A usage error, or `--help` (parsed as the library's help command): parsed again under
            // `DumpRoot`, so the message names `baton dump`.
            do {
                var again = try DumpRoot.parseAsRoot(["dump"] + arguments)
                try again.run()
                exit(BatonExitCode.success)
            } catch {
                exit(CommandLineRunner.report(error, root: DumpRoot.self, path: "baton dump"))
            }
        }
        do {
            try command.run()
        } catch {
            exit(CommandLineRunner.report(error, root: DumpRoot.self, path: "baton dump"))
        }
    }

    /// Every command but `dump` reads or writes Baton's private state: none runs on directories another user
    /// could read, replace or redirect (`StrictModes`). Exit status 78 (`EX_CONFIG`).
    static func refuseUnsafeState() {
        do {
            try BatonPaths().verify()
        } catch {
            CommandLineRunner.printError("baton: \(error)")
            exit(BatonExitCode.unsafeState)
        }
    }

    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == DumpCommand.configuration.commandName {
            runDump(Array(arguments.dropFirst()))
            return
        }
        refuseUnsafeState()
        if arguments.starts(with: MachinesBenchForward.words) {
            exit(MachinesBenchForward.handOver(Array(arguments.dropFirst(MachinesBenchForward.words.count))))
        }
        if let version = FastPath.version(arguments) {
            print(version)
            exit(BatonExitCode.success)
        }
        let fast = FastPath.command(arguments)
        Task { @MainActor in
            if let fast { exit(await CommandLineRunner.execute(fast, arguments: arguments)) }
            exit(await CommandLineRunner.run(arguments))
        }
        dispatchMain()
    }
}
