import ArgumentParser
import Foundation

/// `baton bench [NAME…] [--json]`: named benchmarks, each reporting median and p99 of repeated runs.
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
            figures += try await name.run(samples: samples)
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

/// The benchmarks `baton bench` knows.
enum BenchName: String, CaseIterable, ExpressibleByArgument {
    case render, startup, map, handoff, kv, widget, notifications

    func run(samples: Int?) async throws -> [BenchFigure] {
        switch self {
        case .render:
            return try RenderBench.run(iterations: samples ?? 300)
        case .startup:
            return try StartupBench.run(samples: samples ?? 20)
        case .map:
            let n = samples ?? 200
            return [
                BenchFigure(
                    benchmark: "map", metric: "world_frame_200x60", unit: "ms",
                    samples: try MapBench.run(iterations: n), budget: "≤ 5 ms"),
                BenchFigure(
                    benchmark: "map", metric: "pan_step_200x60", unit: "ms",
                    samples: try MapBench.runPan(iterations: n), budget: "≤ 5 ms"),
            ]
        case .handoff:
            let results = try await HandoffBench.run(samples: samples ?? 200)
            let budgets = ["advertise_ms": "p99 ≤ 5 ms", "continue_3kb_ms": "p99 ≤ 10 ms"]
            let units = ["stream_mib_per_s": "MiB/s"]
            return results.keys.sorted().map { key in
                let unit = units[key] ?? "ms"
                let metric = key.replacingOccurrences(of: "_ms", with: "").replacingOccurrences(
                    of: "_mib_per_s", with: "")
                return BenchFigure(
                    benchmark: "handoff", metric: metric, unit: unit, samples: results[key] ?? [], budget: budgets[key])
            }
        case .notifications:
            return try await NotificationBench.run(pushSamples: samples ?? 500)
        case .kv:
            let results = try await KVBench.run(samples: samples ?? 200)
            return results.keys.sorted().map { key in
                BenchFigure(
                    benchmark: "kv", metric: key.replacingOccurrences(of: "_ms", with: ""), unit: "ms",
                    samples: results[key] ?? [], budget: key.hasPrefix("favorite") ? "p99 ≤ 10 ms" : nil)
            }
        case .widget:
            let figures = try WidgetBench.run(iterations: samples ?? 50)
            return [
                BenchFigure(
                    benchmark: "widget", metric: "days_remaining_launch", unit: "ms", samples: figures.launchMs,
                    budget: "≤ 50 ms"),
                BenchFigure(
                    benchmark: "widget", metric: "days_remaining_peak_rss", unit: "KB", samples: figures.peakRSSKB,
                    budget: "≤ 16 MB (aim 8)"),
                BenchFigure(
                    benchmark: "widget", metric: "bin_true_launch", unit: "ms", samples: figures.trueLaunchMs,
                    budget: "the floor"),
            ]
        }
    }
}
