import ArgumentParser
import BatonEnvironment
import BenchFigures

/// The benchmarks `baton bench` knows.
public enum BenchName: String, CaseIterable, ExpressibleByArgument, Sendable {
    case render, startup, map, handoff, kv, widget, notifications

    /// Runs this benchmark with `samples` per measurement (each its own default when nil). `startDaemon`
    /// starts the account daemon for `paths` (`baton daemon start`'s way); `cliBundle` is the bundle
    /// identifier notifications from the command line are filed under; `fireOnly` runs only the notification
    /// benchmark's fire lateness and timer floor.
    public func run(
        samples: Int?, startDaemon: @escaping @Sendable (BatonPaths) async throws -> Void, cliBundle: String,
        fireOnly: Bool = false
    ) async throws -> [BenchFigure] {
        switch self {
        case .render:
            return try RenderBench.run(iterations: samples ?? 300)
        case .startup:
            return try StartupBench.run(samples: samples ?? 20)
        case .map:
            return try MapBench.run(iterations: samples ?? 200)
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
            return try await NotificationBench.run(
                pushSamples: samples ?? 500, startDaemon: startDaemon, cliBundle: cliBundle, fireOnly: fireOnly)
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
