import APNsServer
import Foundation
import Testing

/// Issue 26: `baton apns serve` (the `baton-apns` process) stopped by SIGTERM, as `baton apns off` stops it: its
/// provider's connection gets GOAWAY `{"reason":"Shutdown"}` and the process exits 0.
@Suite(.serialized) struct APNsServeStopTests {
    @Test func sigtermSaysShutdownOnOpenConnectionsAndExits() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("apns-stop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let server = try await APNsServeProcess(home: home)
        defer { server.stop() }
        let process = server.process
        let listening = server.port
        let deadline = ContinuousClock.now + .seconds(60)
        let client = try await APNsHTTP2Client(
            host: "127.0.0.1", port: listening, caFile: home.appendingPathComponent("tls/cert.pem").path)
        // One answer first, whatever it says: the server has taken the connection in (a SIGTERM right after the
        // TCP connect could find it not yet accepted, and a connection it never had gets no GOAWAY).
        let (status, _) = try await client.post(path: "/3/device/00", headers: [], body: Data())
        #expect(status >= 400)
        process.terminate()
        #expect(try await client.goAway() == #"{"reason":"Shutdown"}"#)
        while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(!process.isRunning && process.terminationStatus == 0)
        await client.close()
    }
}
