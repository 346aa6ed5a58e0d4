import Foundation
import Testing

/// Issue 24, item 2: the answer to a form sent by `POST`, continued on another device, comes along with the
/// history; the server sees no second request, and a reload there asks before sending the form again.
@Suite(.serialized) struct BrowserPostHandoffEndToEndTests {
    @Test func aPostAnswerIsHandedOffAsShown() async throws {
        let devices = try await TwoDevices()
        defer { devices.close() }
        let server = try EchoServer()
        defer { server.stop() }
        try await BrowserFormsEndToEndTests.fillOnA(devices, server: server, method: "post")
        try devices.a.type("4")
        try devices.a.send("Enter")
        try await devices.a.waitFor("SEEN=1")
        try devices.b.send("F1")
        try await devices.b.waitFor("1 Weather")
        try await devices.b.waitFor("Echo · from A")
        try devices.b.send("C-o")
        let shown = try await devices.b.waitFor("METHOD=POST")
        #expect(shown.contains("BODY=name=Ann+Lee&gift=yes&size=m&go=Order"))
        #expect(shown.contains("SEEN=1"), "the answer shown on A, not a new request")
        try await devices.a.waitFor("Continued on B")
        #expect(try !devices.b.screen().contains("METHOD=GET"))
        // Reloading there sends the form again, after asking.
        try devices.b.send("C-r")
        try await devices.b.waitFor("sends the form again. Send it? (y/n)")
        try devices.b.type("y")
        let again = try await devices.b.waitFor("SEEN=2")
        #expect(again.contains("METHOD=POST"))
        #expect(again.contains("BODY=name=Ann+Lee&gift=yes&size=m&go=Order"))
    }
}
