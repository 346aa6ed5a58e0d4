import Foundation
import Testing

/// MonkeyBrowser's forms against a real server that echoes what it gets: filled in the terminal, sent by GET
/// and by POST, and a half-filled form continued on another device.
@Suite(.serialized) struct BrowserFormsEndToEndTests {
    /// Types a name, ticks the box, picks Medium.
    static func fill(_ session: TmuxSession) async throws {
        try await session.waitFor("Name: [")
        try session.type("1")
        try session.send("Enter")
        try await session.waitFor("Editing:")
        try session.type("Ann Lee")
        try session.send("Tab")
        try session.send("Enter")
        try await session.waitFor("[x][2] Gift wrap")
        try session.type("3")
        try session.send("Enter")
        try await session.waitFor("Enter chooses")
        try session.send("Down")
        try session.send("Enter")
        try await session.waitFor("Size: [Medium")
    }

    @Test(arguments: ["get", "post"])
    func formIsFilledAndSent(method: String) async throws {
        let fixture = try await BatonFixture()
        let server = try EchoServer()
        defer { server.stop() }
        let session = try TmuxSession(
            command: fixture.suiteCommand("--device A"), width: 100, height: 30, environment: fixture.environment)
        defer { session.close() }
        try await session.openBrowser()
        try session.go(to: server.base.absoluteString + "/form-\(method).html")
        try await Self.fill(session)
        try session.type("4")
        try session.send("Enter")
        let fields = "name=Ann+Lee&gift=yes&size=m&go=Order"
        if method == "get" {
            let echo = try await session.waitFor("METHOD=GET")
            #expect(echo.contains("QUERY=" + fields))
            #expect(!echo.contains("BODY=name"))
        } else {
            let echo = try await session.waitFor("METHOD=POST")
            #expect(echo.contains("BODY=" + fields))
            #expect(echo.contains("TYPE=application/x-www-form-urlencoded"))
            // Back to the form, then forward again: the form is not sent again without asking.
            try session.send("BSpace")
            try await session.waitFor("Name: [Ann Lee")
            try session.send("M-Right")
            try await session.waitFor("sends the form again. Send it? (y/n)")
            try session.type("y")
            try await session.waitFor("METHOD=POST")
        }
    }

    /// Both open the browser; A goes to the form sent by `method` and fills it.
    static func fillOnA(_ devices: TwoDevices, server: EchoServer, method: String) async throws {
        try devices.a.send("F1")
        try await devices.a.waitFor("1 Weather")
        try devices.a.go(to: server.base.absoluteString + "/form-\(method).html")
        try await fill(devices.a)
    }

    @Test func halfFilledFormContinuesOnTheOtherDevice() async throws {
        let devices = try await TwoDevices()
        defer { devices.close() }
        let server = try EchoServer()
        defer { server.stop() }
        try await Self.fillOnA(devices, server: server, method: "get")
        try devices.b.send("F1")
        try await devices.b.waitFor("1 Weather")
        try await devices.b.waitFor("MonkeyBrowser: Weather — Order form · from A")
        try devices.b.send("C-o")
        try await devices.b.waitFor("Name: [Ann Lee")
        let screen = try await devices.b.waitFor("Size: [Medium")
        #expect(screen.contains("[x][2] Gift wrap"))
        try await devices.a.waitFor("Continued on B")
        // B sends what A typed.
        try devices.b.type("4")
        try devices.b.send("Enter")
        let echo = try await devices.b.waitFor("METHOD=GET")
        #expect(echo.contains("QUERY=name=Ann+Lee&gift=yes&size=m&go=Order"))
    }
}
