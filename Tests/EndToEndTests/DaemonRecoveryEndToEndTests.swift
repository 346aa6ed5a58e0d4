import Foundation
import Testing

/// `kill -9` of the daemon while two suites run: they reconnect on their own, re-register, and the
/// activity one of them advertised is offered to the other again.
@Suite struct DaemonRecoveryEndToEndTests {
    @Test func suitesReconnectAndReofferAfterTheDaemonIsKilled() async throws {
        let pair = try await TwoDevices()
        defer { pair.close() }
        let (fixture, b) = (pair.fixture, pair.b)
        try await pair.advertiseHelpPageOnA()
        try await waitUntil("both devices listed") { try devices(fixture).sorted() == ["A", "B"] }

        let before = try daemonPID(fixture)
        #expect(kill(pid_t(before), SIGKILL) == 0)

        // No key is pressed anywhere: the clients start a new daemon and re-register.
        try await waitUntil("a new daemon") { (try? daemonPID(fixture)).map { $0 != before } ?? false }
        try await waitUntil("both devices listed again") { try devices(fixture).sorted() == ["A", "B"] }
        try await waitUntil("A's activity offered again") {
            try Shell.run(fixture.binary, ["activities", "--json"], environment: fixture.environment).contains(
                "about:help")
                || (try b.screen()).contains("· from A")
        }
        try await b.waitFor("· from A")
    }

    private func devices(_ fixture: BatonFixture) throws -> [String] {
        let output = try Shell.run(fixture.binary, ["devices", "--json"], environment: fixture.environment)
        let list = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]] ?? []
        return list.compactMap { $0["name"] as? String }
    }

    private func daemonPID(_ fixture: BatonFixture) throws -> Int {
        let output = try Shell.run(fixture.binary, ["daemon", "status", "--json"], environment: fixture.environment)
        let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        guard let pid = object?["daemonPID"] as? Int else { throw E2EError.timeout("a daemon pid in \(output)") }
        return pid
    }

    /// Polls `condition` until it holds (a readiness wait with a generous limit, not a timing check).
    private func waitUntil(
        _ what: String, timeout: TimeInterval = 60, sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: () throws -> Bool
    ) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if (try? condition()) == true { return }
            try await Task.sleep(for: .seconds(0.1))
        }
        Issue.record("timed out waiting for \(what)", sourceLocation: sourceLocation)
        throw E2EError.timeout(what)
    }
}
