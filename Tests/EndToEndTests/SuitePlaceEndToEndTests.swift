import Foundation
import Testing

/// Issue 24, item 16: after a restart the suite opens where the user left it, and the browser's restored
/// tabs are named by their pages before they are visited again.
@Suite(.serialized) struct SuitePlaceEndToEndTests {
    @Test func theSuiteReopensWhereItWasLeft() async throws {
        let fixture = try await BatonFixture()
        let server = try EchoServer()
        defer { server.stop() }
        let first = try TmuxSession(
            command: fixture.suiteCommand("--device A"), width: 100, height: 30, environment: fixture.environment)
        defer { first.close() }
        try await first.openBrowser()
        try first.send("]")
        try first.go(to: server.base.absoluteString + "/form-get.html")
        try await first.waitFor("2 Favorites — Order form")
        try first.send("[")
        try await first.waitFor("Sunny")
        try first.send("F10")
        try await first.waitFor("EXIT=0")

        let again = try TmuxSession(
            command: fixture.suiteCommand("--device A"), width: 100, height: 30, environment: fixture.environment)
        defer { again.close() }
        let reopened = try await again.waitFor("1 Weather")
        #expect(!reopened.contains("Paths"), "it opened on About")
        #expect(reopened.contains("2 Favorites — Order form"), "the restored tab is named by its page")
    }
}
