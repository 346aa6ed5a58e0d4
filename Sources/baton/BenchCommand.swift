import ArgumentParser

/// `baton bench`: named benchmarks reporting median and p99.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bench", abstract: "Run benchmarks.")
    func run() throws { print("bench: not built yet") }
}
