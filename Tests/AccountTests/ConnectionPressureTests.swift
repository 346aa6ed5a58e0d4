import Foundation
import TestSupport
import Testing
import Wire

/// Connections that hold the daemon's slots: silent clients at the connection cap, and clients waiting in
/// the backlog at the descriptor limit. The daemon must neither lock everyone out nor spin, and a refused
/// CLI says why (exit 4). Waits poll with deadlines only a hang reaches; the spin is measured in accept
/// attempts and CPU ticks, which do not depend on the machine's speed.
@Suite(.serialized) struct ConnectionPressureTests {
    private func startDaemon(_ harness: BatonHarness, limits: String) async throws -> Int32 {
        harness.environment["BATON_DAEMON_LIMITS"] = limits
        let started = try await harness.run(["daemon", "start"])
        #expect(started.status == 0, "\(started.output)")
        return try #require(harness.daemonPID)
    }

    /// `count` connections that connect and never say anything.
    private func silentClients(_ count: Int, _ harness: BatonHarness) throws -> [RawDaemonSocket] {
        try (0..<count).map { _ in try RawDaemonSocket(path: harness.socket.path) }
    }

    /// Polls `condition` every 100 ms up to `limit` seconds (a hang guard, not a timing assertion).
    private func eventually(limit: TimeInterval = 45, _ condition: () async throws -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(limit)
        while Date() < deadline {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    @Test func whileSilentClientsHoldTheCapTheCLISaysWhyAndExits4() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        _ = try await startDaemon(harness, limits: "idle-ms=600000")
        let silent = try silentClients(64, harness)
        // The 64 are admitted before the CLI's connection (accepted in order): it is the 65th.
        let devices = try await harness.run(["devices"])
        #expect(devices.status == 4, "\(devices.output)")
        #expect(devices.output.contains("already serves 64 connections"), "\(devices.output)")
        #expect(!devices.output.contains("without answering"), "\(devices.output)")
        let value = try await harness.run(["kv", "get", "k"])
        #expect(value.status == 4, "\(value.output)")
        #expect(value.output.contains("already serves 64 connections"), "\(value.output)")
        let follow = try await harness.run(["notifications", "--follow", "--json"])
        #expect(follow.status == 4, "\(follow.output)")
        #expect(follow.output.contains("already serves 64 connections"), "\(follow.output)")
        #expect(silent.count == 64)
    }

    @Test func silentClientsAreClosedAfterTheIdleTimeoutAndTheCLIGetsIn() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let pid = try await startDaemon(harness, limits: "idle-ms=1000")
        let silent = try silentClients(64, harness)
        // Before the fix they hold the cap for ever and this never succeeds.
        #expect(try await eventually { try await harness.run(["devices"]).status == 0 })
        for socket in silent {
            guard case .error(let error) = socket.next(limit: 5, where: { _ in true }) else {
                Issue.record("a silent client was not told why it was closed")
                continue
            }
            #expect(error.failure.message.contains("no request within 1000 ms"), "\(error.failure.message)")
            #expect(socket.closedByPeer(limit: 5))
        }
        #expect(DaemonProcessProbe.isAlive(pid))
    }

    @Test func atTheDescriptorLimitWaitingClientsAreToldWhyAndAcceptDoesNotSpin() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let pid = try await startDaemon(harness, limits: "idle-ms=600000")
        let open = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count
        let prlimit = try ProbeProcess(
            command: ["/usr/bin/prlimit", "--pid", "\(pid)", "--nofile=\(open + 4)"], environment: [:])
        #expect(await prlimit.exitStatus() == 0, "\(prlimit.transcript)")
        var held = try silentClients(8, harness)
        let before = try #require(DaemonProcessProbe.cpuTicks(pid))
        // Three seconds of pressure with a client always waiting in the backlog: before the fix the daemon
        // spun on accept4 (tens of thousands of failures, ~1.5 CPU-seconds in this window).
        var refusals: [String] = []
        for _ in 0..<30 {
            let client = try RawDaemonSocket(path: harness.socket.path)
            held.append(client)
            try await Task.sleep(for: .milliseconds(100))
        }
        let after = try #require(DaemonProcessProbe.cpuTicks(pid))
        let used = Double(after - before) / Double(sysconf(Int32(_SC_CLK_TCK)))
        #expect(used < 0.5, "the daemon used \(used) CPU-seconds in 3 s at its descriptor limit")
        for client in held.suffix(30) {
            if case .error(let error) = client.next(limit: 5, where: { _ in true }) {
                refusals.append(error.failure.message)
                #expect(error.failure.code == WireFailure.tooManyConnections)
            }
        }
        #expect(refusals.count >= 25, "\(refusals.count) of 30 waiting clients were told why")
        #expect(refusals.allSatisfy { $0.contains("descriptor limit") }, "\(refusals.prefix(3))")
        held.removeAll()
        #expect(try await eventually { try await harness.run(["daemon", "status"]).status == 0 })
        let log = try String(contentsOf: harness.home.appendingPathComponent("state/logs/daemon.log"), encoding: .utf8)
        let again = try #require(log.split(separator: "\n").first { $0.contains("accepting connections again") })
        let failed = try #require(Self.number(named: "failedAccepts", in: String(again)), "\(again)")
        // One failed accept per pause (a second, or a closed connection), not a spin.
        #expect(failed < 100, "\(failed) failed accepts: \(again)")
    }

    /// The integer after `name=` in a log line.
    static func number(named name: String, in line: String) -> Int? {
        guard let range = line.range(of: "\(name)=") else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }
}
