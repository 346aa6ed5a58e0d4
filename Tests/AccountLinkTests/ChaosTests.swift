import Foundation
import Testing

/// Issue 27's fault-injection checker on a real PostgreSQL with three machines: random key-value writes, pushes and
/// continues under random faults (server stopped and started, links stopped, links and daemons killed, devices that
/// quit for a while, leave and join, clocks minutes apart), then every machine must hold the server's state, keep
/// every acknowledged write, have every push once and never hear "continued" for a continue its target did not
/// complete.
/// The short form runs here with fixed seeds; `scripts/chaos.sh --minutes N [--seed S]` runs the long one
/// (`BATON_CHAOS_MINUTES`, `BATON_CHAOS_SEEDS`, `BATON_CHAOS_FAULT_SHARE`).
@Suite(.serialized) struct ChaosTests {
    static let environment = ProcessInfo.processInfo.environment

    @Test(arguments: [UInt64(27), 2_027])
    func aShortRunUnderFaultsLosesNothing(seed: UInt64) async throws {
        let outcome = try await ChaosCheck.run(seed: seed, seconds: 25)
        let history = outcome.history.map(\.description).joined(separator: "\n")
        #expect(outcome.verdict.passed, "\(outcome.line)\n\(outcome.verdict)\nshortest history:\n\(history)")
    }

    /// The machine left behind (seed 2027's short run, cut down): m2's link is stopped, m2 writes, the server goes
    /// away, m2's daemon is killed and started again as the stopped link is continued. The old link, its key-value
    /// loop waiting on the absent server with the daemon's end unread behind it, must still end (its daemon was
    /// replaced) and make way for the new daemon's link while the server is away; then every machine converges.
    @Test func aStoppedLinkOutlivingItsKilledDaemonMakesWayForANewLink() async throws {
        let runner = try ChaosRunner()
        defer { runner.cluster.close() }
        let machines = runner.cluster.machines
        let old = try await machines.runningLink("m2")
        for step: ChaosStep in [
            .linkStop(machine: 2), .set(machine: 2, device: 1, key: 6, value: "v2"), .serverStop,
            .set(machine: 0, device: 1, key: 2, value: "v7"), .set(machine: 1, device: 1, key: 1, value: "v9"),
            .killDaemon(machine: 2),
        ] {
            try await runner.play(step)
        }
        #expect(
            try await machines.settled(
                "a link of m2's new daemon in place of the stopped one, the server still away", limit: .seconds(45)
            ) {
                guard let pid = try machines.linkPID("m2") else { return false }
                return pid != old
            })
        try await runner.healAndSettle()
        let verdict = try ChaosVerdict(runner.record, runner.cluster)
        #expect(verdict.passed, "\(verdict)")
    }

    @Test(.enabled(if: environment["BATON_CHAOS_MINUTES"] != nil))
    func aLongRun() async throws {
        let minutes = Double(Self.environment["BATON_CHAOS_MINUTES"] ?? "") ?? 30
        let seeds =
            (Self.environment["BATON_CHAOS_SEEDS"] ?? "").split(separator: ",").compactMap { UInt64($0) }
        let chosen = seeds.isEmpty ? [UInt64.random(in: 1...999_999)] : seeds
        let share = Double(Self.environment["BATON_CHAOS_FAULT_SHARE"] ?? "") ?? ChaosPlan.defaultFaultShare
        let each = Int(minutes * 60) / chosen.count
        var (operations, faults, played) = (0, 0, Duration.zero)
        for seed in chosen {
            let outcome = try await ChaosCheck.run(seed: seed, seconds: each, faultShare: min(max(share, 0), 1))
            #expect(outcome.verdict.passed, "\(outcome.line)")
            operations += outcome.verdict.operations
            faults += outcome.verdict.faults
            played += outcome.played
        }
        let total = Double(played.components.seconds) / 60
        ChaosCheck.log(
            "chaos total: \(chosen.count) seeds, \(operations) operations, \(faults) faults in "
                + "\(String(format: "%.1f", total)) min (\(String(format: "%.0f", Double(faults) / max(total, 1 / 60))) faults/min)"
        )
    }
}
