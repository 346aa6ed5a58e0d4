import BenchFigures

/// One figure `baton bench machines` reports: its name, its budget (DESIGN.md), and how the rig measures it.
/// The figures run in the order of `all`, in one run against one server, so each stands beside the same floor.
struct MachinesMeasurement: Sendable {
    var metric: String
    var budget: String?
    var measure: @Sendable (BenchRig, Int) async throws -> [Double]

    /// Every figure of the two-machine run (the raw NOTIFY floor last: measured in the same run as the others).
    static let all: [MachinesMeasurement] = [
        MachinesMeasurement(metric: "keyValueChangeAcrossMachines", budget: "p99 ≤ 30 ms") {
            try await $0.keyValueAcrossMachines(samples: $1)
        },
        MachinesMeasurement(metric: "advertisementAcrossMachines", budget: "p99 ≤ 20 ms") {
            try await $0.advertisementAcrossMachines(samples: $1)
        },
        MachinesMeasurement(metric: "continue3KBAcrossMachines", budget: nil) {
            try await $0.continueAcrossMachines(samples: $1, userInfoBytes: 3 * 1024)
        },
        MachinesMeasurement(metric: "rawNotifyRoundTrip", budget: "the floor") {
            try await $0.notifyRoundTrip(samples: $1)
        },
    ]

    /// Measures on `rig` with `samples` samples.
    func figure(on rig: BenchRig, samples: Int) async throws -> BenchFigure {
        BenchFigure(
            benchmark: "machines", metric: metric, unit: "ms", samples: try await measure(rig, samples), budget: budget)
    }
}
