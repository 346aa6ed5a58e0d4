import BenchFigures
import Foundation
import TestSupport
import Testing

/// `baton bench machines`: its statistics, its refusals of bad input, and real runs against a real PostgreSQL
/// (the tests' own, and the throwaway one the bench starts itself) that must report every figure. No timing is
/// asserted: only that the figures exist and are positive.
@Suite(.serialized) struct MachinesBenchTests {
    @Test func theMedianAndP99AreTheNearestRanks() {
        let hundred = BenchStatistics((1...100).map(Double.init).shuffled())
        #expect(hundred.median == 50.5)
        #expect(hundred.p99 == 99)
        #expect(hundred.count == 100)
        let odd = BenchStatistics([3, 1, 2])
        #expect(odd.median == 2)
        #expect(odd.p99 == 3)
        let none = BenchStatistics([])
        #expect(none.median == 0 && none.p99 == 0 && none.count == 0)
    }

    @Test func aFigureOfOneSampleIsPrintedAsItsValue() {
        let rate = BenchFigure(benchmark: "machines", metric: "loadWritesSent", unit: "/s", samples: [950])
        #expect(rate.line == "machines loadWritesSent: 950 /s")
        let latency = BenchFigure(
            benchmark: "machines", metric: "x", unit: "ms", samples: [1, 2, 3], budget: "p99 ≤ 30 ms")
        #expect(latency.line == "machines x: median 2.000 ms, p99 3.000 ms (n=3)  budget: p99 ≤ 30 ms")
    }

    @Test(arguments: [
        (["--url", "nonsense"], "is not a PostgreSQL URL"),
        (["--url", "postgres://127.0.0.1/baton"], "names no user"),
        (["--samples", "0"], "--samples must be at least 1"),
        (["--load", "--url", "postgres://u@127.0.0.1/baton"], "drop --url"),
        (["--load", "--links", "1"], "--links must be at least 2"),
        (["--netns", "--url", "postgres://u@127.0.0.1/baton"], "drop --url"),
    ])
    func badInputGetsOneLineAndExit64(_ arguments: [String], _ message: String) throws {
        let machines = try LinkedMachines()
        defer { machines.tearDown() }
        let result = try machines.baton("laptop", ["bench", "machines"] + arguments)
        #expect(result.status == 64)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 1, "\(result.output)")
        #expect(result.output.hasPrefix("baton bench machines: "), "\(result.output)")
        #expect(result.output.contains(message), "\(result.output)")
    }

    /// The figures a JSON run printed, by metric.
    static func figures(_ output: String) throws -> [String: BenchFigure] {
        let figures = try JSONDecoder().decode([BenchFigure].self, from: Data(output.utf8))
        return Dictionary(figures.map { ($0.metric, $0) }) { first, _ in first }
    }

    static func expectMeasured(_ figure: BenchFigure?, samples: Int) {
        #expect(figure != nil)
        guard let figure else { return }
        #expect(figure.samples == samples)
        #expect(figure.median > 0)
        #expect(figure.p99 >= figure.median)
    }

    @Test func twoMachinesOnTheTestsPostgresReportEveryFigure() throws {
        let server = try TestPostgres()
        defer { server.remove() }
        let machines = try LinkedMachines()
        defer { machines.tearDown() }
        try machines.tenant("bench", password: "b-pass", on: server)
        let result = try machines.baton(
            "runner",
            ["bench", "machines", "--url", server.url(role: "bench", password: "b-pass"), "--samples", "20", "--json"])
        #expect(result.status == 0, "\(result.output)")
        let figures = try Self.figures(result.output)
        Self.expectMeasured(figures["keyValueChangeAcrossMachines"], samples: 20)
        Self.expectMeasured(figures["advertisementAcrossMachines"], samples: 20)
        Self.expectMeasured(figures["continue3KBAcrossMachines"], samples: 20)
        Self.expectMeasured(figures["rawNotifyRoundTrip"], samples: 20)
        // The bench removed its account: the role can make another.
        let left = try server.psql(
            database: "baton",
            "SELECT (SELECT count(*) FROM baton.accounts) + (SELECT count(*) FROM baton.machines) "
                + "+ (SELECT count(*) FROM baton.key_values) + (SELECT count(*) FROM baton.devices) "
                + "+ (SELECT count(*) FROM baton.offers) + (SELECT count(*) FROM baton.handoff_mail)")
        #expect(left.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test func withoutAURLTheBenchStartsItsOwnServer() throws {
        let machines = try LinkedMachines()
        defer { machines.tearDown() }
        let result = try machines.baton("runner", ["bench", "machines", "--samples", "20", "--json"])
        #expect(result.status == 0, "\(result.output)")
        let figures = try Self.figures(result.output)
        Self.expectMeasured(figures["keyValueChangeAcrossMachines"], samples: 20)
        Self.expectMeasured(figures["rawNotifyRoundTrip"], samples: 20)
    }

    @Test func aSmallLoadRunDeliversAndReportsTheServer() throws {
        let machines = try LinkedMachines()
        defer { machines.tearDown() }
        let result = try machines.baton(
            "runner",
            [
                "bench", "machines", "--load", "--links", "4", "--devices", "12", "--machines-per-account", "2",
                // A device writes again only once its last write was heard on the other machine: on a busy machine
                // that can take seconds, so the window is long enough for writes to happen at all (3 s was not).
                "--seconds", "15", "--samples", "20", "--json",
            ])
        #expect(result.status == 0, "\(result.output)")
        let figures = try Self.figures(result.output)
        #expect((figures["loadKeyValueChangeAcrossMachines"]?.samples ?? 0) > 0)
        #expect((figures["loadKeyValueChangeAcrossMachines"]?.median ?? 0) > 0)
        Self.expectMeasured(figures["loadRawNotifyRoundTrip"], samples: 20)
        #expect((figures["loadWritesSent"]?.median ?? 0) > 0)
        #expect((figures["loadServerChanges"]?.median ?? 0) > 0)
        #expect((figures["loadServerConnections"]?.median ?? 0) >= 4)
        #expect(figures["loadDevices"]?.median == 12)
        #expect(figures["loadUndelivered"]?.median == 0)
    }
}
