import APNsServer
import Foundation
import Synchronization
import Testing

/// Issue 26: `baton apns serve` (the `baton-apns` process) stopped by SIGTERM, as `baton apns off` stops it: its
/// provider's connection gets GOAWAY `{"reason":"Shutdown"}` and the process exits 0.
@Suite(.serialized) struct APNsServeStopTests {
    @Test func sigtermSaysShutdownOnOpenConnectionsAndExits() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("apns-stop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let process = Process()
        process.executableURL = try Self.binary("baton-apns")
        process.arguments = ["serve", "--listen", "127.0.0.1:0", "--self-signed", home.appendingPathComponent("tls").path]
        process.environment = ["BATON_HOME": home.path, "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        let printed = Mutex("")
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            printed.withLock { $0 += String(decoding: data, as: UTF8.self) }
        }
        process.standardOutput = output
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // "listening on https://127.0.0.1:PORT (certificate …)" (a generous deadline only a hang reaches).
        let deadline = ContinuousClock.now + .seconds(60)
        var port: Int?
        while port == nil, ContinuousClock.now < deadline {
            let text = printed.withLock { $0 }
            port = text.firstMatch(of: /https:\/\/127\.0\.0\.1:(\d+)\s/).flatMap { Int($0.1) }
            if port == nil { try await Task.sleep(for: .milliseconds(50)) }
        }
        let listening = try #require(port, "\(printed.withLock { $0 })")
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
        output.fileHandleForReading.readabilityHandler = nil
    }

    /// An executable of this build (beside the test bundle).
    static func binary(_ name: String) throws -> URL {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent(name).path),
            directory.path != "/"
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent(name)
    }
}
