import ArgumentParser
import Foundation

/// The entry point. `baton dump` runs synchronously on the main thread with `DumpCommand` as the root
/// command: it is measured against `w3m -dump`, and parsing against the whole command tree cost it several
/// milliseconds of runtime type lookups, the async machinery threads and hops. Everything else runs the
/// command tree as an async `main` would: a task on the main actor while dispatch serves the main queue.
@main
enum BatonMain {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == DumpCommand.configuration.commandName {
            DumpCommand.main(Array(arguments.dropFirst()))
            return
        }
        Task { @MainActor in
            await BatonCommand.main(nil)
            exit(0)
        }
        dispatchMain()
    }
}
