import APNsServer
import Foundation
import Testing

/// Issue 36, finding 3: the real `baton-apns` process under connections that never send a token. Each test
/// shortens one limit (`BATON_APNS_LIMITS`) and waits on the event itself, with generous hang guards; before the
/// limits these connections stayed open for ever and each test ran into its guard.
@Suite(.serialized) struct APNsEndpointLimitsTests {
    /// A fresh account directory (removed by the caller).
    static func home() throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("apns-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return home
    }

    @Test func connectionsPastTheCapAreClosedAtOnce() async throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let server = try await APNsServeProcess(
            home: home, environment: ["BATON_APNS_LIMITS": "connections=4,handshake-ms=600000"])
        defer { server.stop() }
        let all = try (0..<10).map { _ in try BareTCP(port: server.port) }
        // Whichever four the server took first hold the cap (they are taken on two event loops, not in order);
        // the six others are closed as they are accepted.
        let closed = try await BareTCP.closed(of: all, expected: 6)
        #expect(closed == 6, "\(closed) of the 6 connections past the cap were closed")
    }

    @Test func bareTCPConnectionsAreClosedAfterTheHandshakeTimeout() async throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let server = try await APNsServeProcess(home: home, environment: ["BATON_APNS_LIMITS": "handshake-ms=300"])
        defer { server.stop() }
        let bare = try (0..<50).map { _ in try BareTCP(port: server.port) }
        let closed = try await BareTCP.closed(of: bare, expected: bare.count)
        #expect(closed == bare.count, "\(closed) of \(bare.count) silent connections were closed")
    }

    /// TLS done, one stream opened with its HEADERS and never ended: the idle timer still runs (before, an
    /// open stream stopped it), so GOAWAY IdleTimeout comes and the connection closes.
    @Test(arguments: ["idle-ms=500", "request-ms=500"])
    func aStreamThatNeverEndsDoesNotHoldTheConnection(limit: String) async throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let server = try await APNsServeProcess(home: home, environment: ["BATON_APNS_LIMITS": limit])
        defer { server.stop() }
        let client = try await APNsHTTP2Client(host: "127.0.0.1", port: server.port, caFile: server.caFile)
        let open = try await client.open(path: "/3/device/00", headers: [], length: 100)
        // The hang guard: a connection the server never ends is closed here after 60 s, failing the wait.
        let guardTask = Task {
            try await Task.sleep(for: .seconds(60))
            await client.close()
        }
        defer { guardTask.cancel() }
        #expect(try await client.goAway() == #"{"reason":"IdleTimeout"}"#)
        // The stream is dropped with the connection, not answered.
        await #expect(throws: (any Error).self) { try await open.finish(body: Data(count: 100)) }
        await client.close()
    }

    /// SETTINGS_MAX_CONCURRENT_STREAMS is the endpoint's small cap (16), not NIO's 100, as a client reads it.
    @Test func fewConcurrentStreamsAreAdvertised() async throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let server = try await APNsServeProcess(home: home)
        defer { server.stop() }
        let client = try await APNsHTTP2Client(host: "127.0.0.1", port: server.port, caFile: server.caFile)
        #expect(try await client.maxConcurrentStreams() == APNsLimits().maxConcurrentStreams)
        await client.close()
    }

    /// At the descriptor limit the endpoint pauses accepting instead of calling `accept4` in a loop (46 787
    /// failures in 3 s before): each pause costs one failed accept, logged when accepting works again.
    @Test func atTheDescriptorLimitAcceptPausesInsteadOfSpinning() async throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let server = try await APNsServeProcess(
            home: home, environment: ["BATON_APNS_LIMITS": "handshake-ms=600000,accept-retry-ms=500"])
        defer { server.stop() }
        let open = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(server.pid)/fd").count
        let prlimit = Process()
        prlimit.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
        prlimit.arguments = ["--pid", "\(server.pid)", "--nofile=\(open + 4)"]
        try prlimit.run()
        prlimit.waitUntilExit()
        #expect(prlimit.terminationStatus == 0)
        var held = try (0..<12).map { _ in try BareTCP(port: server.port) }
        let failing = try await server.logLine(containing: "not accepting connections")
        #expect(failing != nil, "the server never said it stopped accepting")
        // Two seconds at the limit with clients waiting in the backlog: a spinning accept fails thousands of times.
        try await Task.sleep(for: .seconds(2))
        held.removeAll()
        let again = try #require(try await server.logLine(containing: "accepting connections again"), "\(server.log)")
        let failed = try #require(
            again.firstMatch(of: /failedAccepts=(\d+)/).flatMap { Int($0.1) }, "\(again)")
        #expect(failed < 100, "\(failed) failed accepts: \(again)")
    }
}
