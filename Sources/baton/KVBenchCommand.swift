import ArgumentParser
import Foundation

/// `baton kv-bench`: runs `KVBench` and prints p50/p99 (hidden; `baton bench kv` wraps it).
struct KeyValueBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kv-bench", abstract: "Measure key-value store change latency.", shouldDisplay: false)

    @Option(help: "Samples per measurement.") var samples = 200

    func run() async throws {
        let results = try await KVBench.run(samples: samples)
        for name in results.keys.sorted() {
            let values = results[name] ?? []
            let (p50, p99) = HandoffBench.summary(values)
            print(
                "\(name): p50 \(String(format: "%.3f", p50))  p99 \(String(format: "%.3f", p99))  (n=\(values.count))")
        }
    }
}
