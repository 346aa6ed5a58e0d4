import ArgumentParser
import BatonBench
import BatonEnvironment
import Foundation

/// `baton bench [NAME…] [--json]`: named benchmarks (the `BatonBench` target), each reporting median and p99
/// of repeated runs.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Run benchmarks and report median and p99.",
        discussion: """
            Benchmarks: \(BenchName.allCases.map { $0.rawValue }.joined(separator: ", ")). With no name, all run.
            Build with -c release for figures worth recording (BENCHMARKS.md says how each was made).
            """
    )

    @Argument(help: "Which benchmarks to run (default: all).")
    var names: [BenchName] = []

    @Option(help: "Samples per measurement (default: each benchmark's own).")
    var samples: Int?

    @Flag(help: "Machine output: a JSON array of figures.")
    var json = false

    func validate() throws {
        if let samples, samples < 1 { throw ValidationError("--samples must be at least 1") }
    }

    func run() async throws {
        var figures: [BenchFigure] = []
        for name in names.isEmpty ? BenchName.allCases : names {
            figures += try await name.run(
                samples: samples, startDaemon: { _ = try await DaemonLauncher.start(paths: $0) },
                cliBundle: NotificationCLI.cliBundle)
        }
        if json {
            try JSONOutput.print(figures)
            return
        }
        for figure in figures {
            let budget = figure.budget.map { "  budget: \($0)" } ?? ""
            print(
                "\(figure.benchmark) \(figure.metric): median \(format(figure.median)) \(figure.unit), "
                    + "p99 \(format(figure.p99)) \(figure.unit) (n=\(figure.samples))\(budget)")
        }
    }

    private func format(_ value: Double) -> String { String(format: value >= 100 ? "%.0f" : "%.3f", value) }
}
