import BatonEnvironment
import Foundation
import Testing

/// Issue 25: `baton bench` removes its temporary homes (`baton-bench-*`, `baton-kvbench-*`) only once the daemon
/// it started has ended; before, the daemon outlived the bench and the homes were left in /tmp.
@Suite(.serialized) struct BenchHomesEndToEndTests {
    @Test(
        arguments: [["kv"], ["handoff"], ["handoff", "kv"]])
    func benchLeavesNoHomeAndNoDaemonBehind(names: [String]) async throws {
        let fixture = try await BatonFixture()
        // A short TMPDIR of its own: the bench's socket path must stay under the 108 bytes of a Unix address.
        let temporary = URL(fileURLWithPath: "/tmp/bt-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer {
            for pid in HomeProcesses.running(under: temporary.path) { kill(pid, SIGKILL) }
            try? FileManager.default.removeItem(at: temporary)
        }

        // Three rounds: the old code left a home behind in about two runs of three (its daemon's last log
        // line, written after the removal, made the directory again).
        for round in 0..<3 {
            let status = try await Self.run(
                fixture.binary, ["bench"] + names + ["--samples", "20"],
                environment: fixture.environment.merging(["TMPDIR": temporary.path]) { $1 })
            #expect(status == 0)
            // When the command has ended its daemon has too; whatever else ran from its home is waited for.
            #expect(HomeProcesses.running(under: temporary.path).isEmpty, "a daemon outlived baton bench \(names)")
            let deadline = ContinuousClock.now + .seconds(60)
            while !HomeProcesses.running(under: temporary.path).isEmpty, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(100))
            }
            let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
                .filter { $0.hasPrefix("baton-") }
            #expect(left.isEmpty, "round \(round) left behind: \(left)")
        }
    }

    /// Runs a program to its end without blocking a thread of the cooperative pool (polls `waitpid`);
    /// returns its exit code. Generous deadline: a debug bench on a loaded machine is slow.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]) async throws -> Int32 {
        let pid = try Shell.spawn(executable, arguments, environment: environment, output: "/dev/null")
        let deadline = ContinuousClock.now + .seconds(300)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard ContinuousClock.now < deadline else {
                kill(pid, SIGKILL)
                throw E2EError.commandFailed(executable, -1, "did not end in 300 s")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}
