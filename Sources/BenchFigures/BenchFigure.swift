import Foundation

/// Median and 99th percentile of benchmark samples (nearest rank; the median of an even count is the mean of the
/// two middle samples).
public struct BenchStatistics: Codable, Equatable, Sendable {
    public var median: Double
    public var p99: Double
    public var count: Int

    public init(_ samples: [Double]) {
        let sorted = samples.sorted()
        count = sorted.count
        guard !sorted.isEmpty else {
            median = 0
            p99 = 0
            return
        }
        func at(_ fraction: Double) -> Double {
            sorted[min(sorted.count - 1, max(0, Int((Double(sorted.count) * fraction).rounded(.up)) - 1))]
        }
        median =
            sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        p99 = at(0.99)
    }
}

/// One figure of a benchmark: what was measured, its unit, its statistics, and the budget it answers to.
public struct BenchFigure: Codable, Sendable {
    public var benchmark: String
    public var metric: String
    public var unit: String
    public var median: Double
    public var p99: Double
    public var samples: Int
    public var budget: String?

    public init(benchmark: String, metric: String, unit: String, samples: [Double], budget: String? = nil) {
        let statistics = BenchStatistics(samples)
        self.benchmark = benchmark
        self.metric = metric
        self.unit = unit
        median = statistics.median
        p99 = statistics.p99
        self.samples = statistics.count
        self.budget = budget
    }

    /// The figure as one line of `baton bench`'s text output.
    /// (a figure of one sample, a count or a rate, as its value alone).
    public var line: String {
        let value =
            samples == 1
            ? "\(Self.format(median)) \(unit)"
            : "median \(Self.format(median)) \(unit), p99 \(Self.format(p99)) \(unit) (n=\(samples))"
        return "\(benchmark) \(metric): \(value)" + (budget.map { "  budget: \($0)" } ?? "")
    }

    static func format(_ value: Double) -> String { String(format: value >= 100 ? "%.0f" : "%.3f", value) }
}
