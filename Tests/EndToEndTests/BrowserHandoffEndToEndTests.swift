import Foundation
import Testing

/// MonkeyBrowser on two devices of one account: a page loaded on A is offered on B, continued there
/// with its history (through the continuation streams), and handed back to A.
@Suite(.serialized) struct BrowserHandoffEndToEndTests {
    @Test func tabHandsOffBetweenTwoTerminalsAndBack() async throws {
        let fixture = try await BatonFixture()
        let server = try BrowserHandoffFlow.site(in: fixture.home)
        defer { server.stop() }
        let a = try TmuxSession(
            command: fixture.suiteCommand("--device A"), width: 100, height: 30, environment: fixture.environment)
        defer { a.close() }
        let b = try TmuxSession(
            command: fixture.suiteCommand("--device B"), width: 100, height: 30, environment: fixture.environment)
        defer { b.close() }
        try await BrowserHandoffFlow.handOffAndBack(a, b, web: server, aName: "A", bName: "B")
    }
}
