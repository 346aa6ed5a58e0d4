import ArgumentParser

/// `baton widget bench`: WidgetBench's figures (median and p99) until `baton bench widget` exists.
struct WidgetBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "Measure days-remaining's launch time and peak RSS.", shouldDisplay: false)

    @Option(help: "How many launches.")
    var iterations = 50

    func run() throws {
        let figures = try WidgetBench.run(iterations: iterations)
        for (label, values, unit) in [
            ("days-remaining launch", figures.launchMs, "ms"), ("days-remaining peak RSS", figures.peakRSSKB, "KB"),
            ("/bin/true launch", figures.trueLaunchMs, "ms"),
        ] {
            let sorted = values.sorted()
            let median = sorted[sorted.count / 2]
            let p99 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
            print(
                "\(label): median \(String(format: "%.2f", median)) \(unit), p99 \(String(format: "%.2f", p99)) \(unit)"
            )
        }
    }
}
