/// Median and 99th percentile of benchmark samples.
struct BenchStatistics: Codable, Equatable {
    var median: Double
    var p99: Double
    var count: Int

    init(_ samples: [Double]) {
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

    init(benchmark: String, metric: String, unit: String, samples: [Double], budget: String? = nil) {
        let statistics = BenchStatistics(samples)
        self.benchmark = benchmark
        self.metric = metric
        self.unit = unit
        median = statistics.median
        p99 = statistics.p99
        self.samples = statistics.count
        self.budget = budget
    }
}
