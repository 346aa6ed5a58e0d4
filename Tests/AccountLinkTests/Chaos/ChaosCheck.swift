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
        /// How long the steps took (healing and settling left out).
        var played: Duration = .zero
        var line: String {
            let minutes = Double(played.components.seconds) / 60
            let rate = minutes > 0 ? Double(verdict.faults) / minutes : 0
            return "chaos seed \(seed): \(verdict.summary) in \(String(format: "%.1f", minutes)) min "
                + "(\(String(format: "%.0f", rate)) faults/min)"
        }
    }

    /// Plays a run of `seconds` from `seed`; about `faultShare` of its steps are faults (`ChaosPlan.next`).
    static func run(
        seed: UInt64, seconds: Int, faultShare: Double = ChaosPlan.defaultFaultShare,
        log: (String) -> Void = ChaosCheck.log
    ) async throws -> Outcome {
        var plan = ChaosPlan(seed: seed)
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start + .seconds(seconds)
        let runner = try ChaosRunner()
        var steps: [ChaosStep] = []
        let verdict: ChaosVerdict
        var played = Duration.zero
        do {
            defer { runner.cluster.close() }
            while clock.now < deadline {
                let step = plan.next(faultShare: faultShare)
                steps.append(step)
                try await runner.play(step)
            }
            played = clock.now - start
            try await runner.healAndSettle()
            verdict = try ChaosVerdict(runner.record, runner.cluster)
            if !verdict.passed { keepLogs(runner.cluster, seed: seed, log: log) }
        }
        var outcome = Outcome(seed: seed, verdict: verdict, history: [], played: played)
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

    /// Prints `line` and appends it to `chaos.log` in the logs' directory (`logsRoot`): `swift test` shows a test's
    /// output only when it ends, and a long run's verdicts are wanted as they come.
    static func log(_ line: String) {
        print(line)
        let file = logsRoot.appendingPathComponent("chaos.log")
        try? FileManager.default.createDirectory(at: logsRoot, withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: file.path) {
            FileManager.default.createFile(atPath: file.path, contents: nil)
        }
        guard let handle = try? FileHandle(forWritingTo: file) else { return }
        defer { try? handle.close() }
        _ = try? handle.seekToEnd()
        try? handle.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Where a failed run's logs are kept: `BATON_CHAOS_LOGS`, or `baton-chaos-logs` in the temporary directory.
    static var logsRoot: URL {
        ProcessInfo.processInfo.environment["BATON_CHAOS_LOGS"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("baton-chaos-logs")
    }

    /// Copies every machine's logs (daemon, link) of a failed run to `BATON_CHAOS_LOGS` (a temporary directory
    /// unless set) before the homes go.
    static func keepLogs(_ cluster: ChaosCluster, seed: UInt64, log: (String) -> Void) {
        let target = logsRoot.appendingPathComponent("seed-\(seed)-\(UUID().uuidString.prefix(8))")
        for machine in 0..<ChaosPlan.machines {
            let name = ChaosCluster.name(machine)
            let logs = cluster.machines.home(name).appendingPathComponent("state/logs")
            try? FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            try? FileManager.default.copyItem(at: logs, to: target.appendingPathComponent(name))
        }
        log("logs of seed \(seed) kept in \(target.path)")
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
