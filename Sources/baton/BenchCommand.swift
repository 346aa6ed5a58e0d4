import ArgumentParser
import BatonBench
import BatonEnvironment
import BenchFigures
import Foundation

/// `baton bench [NAME…] [--json]`: named benchmarks (the `BatonBench` target), each reporting median and p99
/// of repeated runs; `baton bench machines …` is handed to `baton-link` (it needs PostgreSQL's client).
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Run benchmarks and report median and p99.",
        discussion: """
            Benchmarks: \(BenchName.allCases.map { $0.rawValue }.joined(separator: ", ")). With no name, all run.
            Across machines (a PostgreSQL server; not part of "all"):
              baton bench machines [--url postgres://…] [--samples N] [--netns] [--json]
              baton bench machines --load [--links 50] [--devices 1000] [--seconds 20] [--json]
            Build with -c release for figures worth recording (BENCHMARKS.md says how each was made).
            """
    )

    @Argument(help: "Which benchmarks to run (default: all).")
    var names: [BenchName] = []

    @Option(help: "Samples per measurement (default: each benchmark's own).")
    var samples: Int?

    @Flag(help: "Machine output: a JSON array of figures.")
    var json = false

    @Flag(help: "notifications: measure only the fire lateness and its timer floor (no pushes, restart or banner).")
    var fireOnly = false

    func validate() throws {
        if let samples, samples < 1 { throw ValidationError("--samples must be at least 1") }
    }

    func run() async throws {
        var figures: [BenchFigure] = []
        for name in names.isEmpty ? BenchName.allCases : names {
            figures += try await name.run(
                samples: samples, startDaemon: { _ = try await DaemonLauncher.start(paths: $0) },
                cliBundle: NotificationCLI.cliBundle, fireOnly: fireOnly)
        }
        if json {
            try JSONOutput.print(figures)
            return
        }
        for figure in figures { print(figure.line) }
    }
}
