import ArgumentParser
import Foundation

/// `baton handoff-bench`: runs `HandoffBench` and prints p50/p99 (hidden; `baton bench handoff` wraps it).
struct HandoffBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "handoff-bench", abstract: "Measure Handoff latency and throughput.", shouldDisplay: false)

    @Option(help: "Samples per measurement.") var samples = 200

    func run() async throws {
        let results = try await HandoffBench.run(samples: samples)
        for name in results.keys.sorted() {
            let values = results[name] ?? []
            let (p50, p99) = HandoffBench.summary(values)
            print(
                "\(name): p50 \(String(format: "%.3f", p50))  p99 \(String(format: "%.3f", p99))  (n=\(values.count))")
        }
    }
}
