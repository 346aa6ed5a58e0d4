import Foundation

/// A whole chaos run: steps drawn from a seed for a while, healing, settling, the verdict; on a failure, the run is
/// cut down to the failing keys, pushes and continues with every fault kept, and played again to find a shorter
/// history that still fails.
enum ChaosCheck {
    struct Outcome {
        var seed: UInt64
        var verdict: ChaosVerdict
        /// The shortest history found that fails (empty when the run passed).
        var history: [ChaosStep]
        var line: String {
            "chaos seed \(seed): \(verdict.summary)"
        }
    }

    /// Plays a run of `seconds` from `seed`.
    static func run(seed: UInt64, seconds: Int, log: (String) -> Void = { print($0) }) async throws -> Outcome {
        var plan = ChaosPlan(seed: seed)
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(seconds)
        let runner = try ChaosRunner()
        var steps: [ChaosStep] = []
        let verdict: ChaosVerdict
        do {
            defer { runner.cluster.close() }
            while clock.now < deadline {
                let step = plan.next()
                steps.append(step)
                try await runner.play(step)
            }
            try await runner.healAndSettle()
            verdict = try ChaosVerdict(runner.record, runner.cluster)
        }
        var outcome = Outcome(seed: seed, verdict: verdict, history: [])
        log(outcome.line)
        guard !verdict.passed else { return outcome }
        log("\(verdict)")
        outcome.history = steps
        let cut = steps.filter { step in
            step.isFault
                || step.key.map { verdict.blamed.contains(ChaosRunner.key($0)) } ?? false
                || step.title.map { verdict.blamed.contains($0) } ?? false
                || {
                    if case .handoff(_, _, let sequence) = step {
                        verdict.blamed.contains("ho\(sequence)")
                    } else {
                        false
                    }
                }()
        }
        if cut.count < steps.count, try await !replay(cut).passed { outcome.history = cut }
        log("seed \(seed) fails; shortest history found (\(outcome.history.count) of \(steps.count) steps):")
        for (index, step) in outcome.history.enumerated() { log("  \(index): \(step)") }
        return outcome
    }

    /// Plays `steps` on a fresh cluster and returns the verdict.
    static func replay(_ steps: [ChaosStep]) async throws -> ChaosVerdict {
        let runner = try ChaosRunner()
        defer { runner.cluster.close() }
        for step in steps { try await runner.play(step) }
        try await runner.healAndSettle()
        return try ChaosVerdict(runner.record, runner.cluster)
    }
}
