import Foundation
import TestSupport
import Testing
import Wire

/// The daemon against hostile and careless local clients, over raw bytes on its real socket: each test
/// ends with the daemon alive and answering another client, and its memory bounded.
@Suite(.serialized) struct HostileClientTests {
    /// The resident-memory bound the daemon keeps under abuse (see README, "Where state lives").
    static let memoryBound = 64 << 20

    private static let app = AppDescriptor(
        bundleIdentifier: "com.example.apple-samplecode.MonkeyBrowser", teamIdentifier: "BATONTEAM1",
        activityTypes: [BatonHarness.weather])

    /// Starts the daemon of `harness` (with `limits`, as `BATON_DAEMON_LIMITS`) and returns its pid.
    private func startDaemon(_ harness: BatonHarness, limits: String? = nil) async throws -> Int32 {
        if let limits { harness.environment["BATON_DAEMON_LIMITS"] = limits }
        let started = try await harness.run(["daemon", "start"])
        #expect(started.status == 0, "\(started.output)")
        return try #require(harness.daemonPID)
    }

    /// A connection registered as device `name` with MonkeyBrowser, its registration acknowledged.
    private func device(_ name: String, _ harness: BatonHarness) throws -> RawDaemonSocket {
        let socket = try RawDaemonSocket(path: harness.socket.path)
        try socket.send(.registerDevice(RegisterDevice(name: name, pid: 1, apps: [Self.app])))
        let registered = socket.next { if case .registered = $0 { true } else { false } }
        try #require(registered != nil, "device \(name) was not registered")
        return socket
    }

    /// Whether a new client gets a pong: the daemon is alive and serving.
    private func answersPing(_ harness: BatonHarness) throws -> Bool {
        let socket = try RawDaemonSocket(path: harness.socket.path)
        try socket.send(.ping(Ping(requestID: 99)))
        return socket.next { if case .pong = $0 { true } else { false } } != nil
    }

    private func advertisement(title: String, url: URL? = nil, sequence: UInt64 = 1) -> WireMessage {
        .advertise(
            Advertisement(
                device: "", bundleIdentifier: Self.app.bundleIdentifier, teamIdentifier: Self.app.teamIdentifier,
                activityType: BatonHarness.weather, title: title, sequence: sequence, webpageURL: url))
    }

    // MARK: 1. Oversized messages

    @Test func aMegabyteKindIsAnsweredBrieflyAndTheDaemonLives() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let pid = try await startDaemon(harness)
        let socket = try RawDaemonSocket(path: harness.socket.path)
        let kind = String(repeating: "k", count: WireLimits.maxFrameBytes - 64)
        try socket.send(body: Data(#"{"kind":"\#(kind)","body":{}}"#.utf8))
        let reply = socket.next { if case .error = $0 { true } else { false } }
        guard case .error(let error) = reply else {
            Issue.record("no error reply to an unknown megabyte kind")
            return
        }
        #expect(error.failure.message.utf8.count < 400, "\(error.failure.message.prefix(500))")
        // The connection survives a bad body, and so does the daemon.
        try socket.send(.ping(Ping(requestID: 5)))
        #expect(socket.next { if case .pong = $0 { true } else { false } } != nil)
        #expect(try answersPing(harness))
        #expect(DaemonProcessProbe.isAlive(pid))
        let log = try String(contentsOf: harness.home.appendingPathComponent("state/logs/daemon.log"), encoding: .utf8)
        #expect(log.utf8.count < 64 * 1024, "the log grew by \(log.utf8.count) bytes")
    }

    @Test func aMegabyteTitleReachesOtherDevicesShortened() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let pid = try await startDaemon(harness)
        let alpha = try device("alpha", harness)
        let beta = try device("beta", harness)
        try alpha.send(advertisement(title: String(repeating: "T", count: 1_000_000)))
        let offer = beta.next { if case .offer = $0 { true } else { false } }
        guard case .offer(let received) = offer else {
            Issue.record("beta got no offer")
            return
        }
        #expect(received.advertisement.title.count == AdvertisementLimits.maxTitleCharacters)
        #expect(received.advertisement.title.hasSuffix("…"))
        let query = try RawDaemonSocket(path: harness.socket.path)
        try query.send(.activitiesQuery(ActivitiesQuery(requestID: 3)))
        guard case .activitiesReply(let reply) = query.next(where: { $0.requestID == 3 }) else {
            Issue.record("no answer to activities")
            return
        }
        #expect(reply.activities.map(\.device) == ["alpha"])
        try query.send(.devicesQuery(DevicesQuery(requestID: 4)))
        #expect(query.next { $0.requestID == 4 && $0.kind == "devicesReply" } != nil)
        #expect(DaemonProcessProbe.isAlive(pid))
    }

    @Test func anAdvertisementTooLargeToOfferIsRefusedToItsSenderWith4611() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        _ = try await startDaemon(harness)
        let alpha = try device("alpha", harness)
        let beta = try device("beta", harness)
        let url = try #require(URL(string: "https://example.com/" + String(repeating: "p", count: 900_000)))
        try alpha.send(advertisement(title: "Weather", url: url))
        let refusal = alpha.next { if case .error = $0 { true } else { false } }
        guard case .error(let error) = refusal else {
            Issue.record("the sender was not told")
            return
        }
        #expect(error.failure.code == WireFailure.userInfoTooLarge)
        #expect(beta.next(limit: 1) { if case .offer = $0 { true } else { false } } == nil)
        #expect(try answersPing(harness))
    }

    @Test func aMegabyteKeyIsRefusedWithoutEchoingIt() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        _ = try await startDaemon(harness)
        let socket = try RawDaemonSocket(path: harness.socket.path)
        let key = String(repeating: "k", count: WireLimits.maxFrameBytes - 200)
        try socket.send(.keyValueWrite(KeyValueWrite(requestID: 8, key: key, value: .string("v"), writer: "w")))
        guard case .keyValueRejected(let rejected) = socket.next(where: { $0.requestID == 8 }) else {
            Issue.record("the write of a megabyte key was not rejected")
            return
        }
        #expect(rejected.reason.key.count <= 80)
        #expect(rejected.reason.description.utf8.count < 300)
        #expect(try answersPing(harness))
    }

    // MARK: 5. Bounded resources

    @Test func stalledHalfFramesAreDroppedAndMemoryStaysBounded() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let pid = try await startDaemon(harness, limits: "partial-frame-ms=2000")
        let half =
            RawDaemonSocket.header(length: WireLimits.maxFrameBytes)
            + [UInt8](repeating: 0x20, count: WireLimits.maxFrameBytes / 2)
        var stalled: [RawDaemonSocket] = []
        for _ in 0..<300 {
            guard let socket = try? RawDaemonSocket(path: harness.socket.path) else { continue }
            try? socket.send(half)
            stalled.append(socket)
        }
        let peak = try #require(DaemonProcessProbe.residentBytes(pid))
        #expect(peak < Self.memoryBound, "VmRSS \(peak) bytes with 300 stalled half frames")
        // Every stalled connection is closed: refused at the connection cap, or timed out.
        for socket in stalled { #expect(socket.closedByPeer(limit: 20)) }
        #expect(try answersPing(harness))
        let log = try String(contentsOf: harness.home.appendingPathComponent("state/logs/daemon.log"), encoding: .utf8)
        #expect(log.contains("stayed incomplete"))
        #expect(log.contains("incomplete frames would hold more than"))
    }

    @Test func connectionsPastTheCapAreRefusedClearly() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        _ = try await startDaemon(harness, limits: "connections=4")
        var admitted: [RawDaemonSocket] = []
        for name in ["a", "b", "c", "d"] { admitted.append(try device(name, harness)) }
        let extra = try RawDaemonSocket(path: harness.socket.path)
        guard case .error(let error) = extra.next(where: { _ in true }) else {
            Issue.record("the fifth connection was not refused")
            return
        }
        #expect(error.failure.code == WireFailure.tooManyConnections)
        #expect(extra.closedByPeer())
        admitted.removeLast()
        var served = false
        let deadline = Date().addingTimeInterval(60)
        while !served, Date() < deadline { served = (try? answersPing(harness)) ?? false }
        #expect(served)
    }

    @Test func aClientThatNeverReadsIsDroppedAndMemoryStaysBounded() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let pid = try await startDaemon(harness, limits: "queued-bytes=1048576")
        let sleeper = try device("sleeper", harness)
        let talker = try device("talker", harness)
        let url = try #require(URL(string: "https://example.com/" + String(repeating: "p", count: 7000)))
        for sequence in 1...3000 {
            try talker.send(advertisement(title: "Weather \(sequence)", url: url, sequence: UInt64(sequence)))
        }
        #expect(sleeper.closedByPeer(limit: 30), "the client that never reads was not dropped")
        let resident = try #require(DaemonProcessProbe.residentBytes(pid))
        #expect(resident < Self.memoryBound, "VmRSS \(resident) bytes")
        #expect(try answersPing(harness))
        let log = try String(contentsOf: harness.home.appendingPathComponent("state/logs/daemon.log"), encoding: .utf8)
        #expect(log.contains("the client does not read"))
    }

    @Test func atTheDescriptorLimitAcceptBacksOffAndStatusSaysSo() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let pid = try await startDaemon(harness)
        // Leave the running daemon room for a few more descriptors only.
        let open = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count
        let prlimit = try ProbeProcess(
            command: ["/usr/bin/prlimit", "--pid", "\(pid)", "--nofile=\(open + 6)"], environment: [:])
        #expect(await prlimit.exitStatus() == 0, "\(prlimit.transcript)")
        var held: [RawDaemonSocket] = []
        // Connections the kernel queues but the daemon cannot accept still connect: fill past the limit.
        for _ in 0..<40 { if let socket = try? RawDaemonSocket(path: harness.socket.path) { held.append(socket) } }
        let status = try await harness.run(["daemon", "status"])
        #expect(status.status == 4, "\(status.output)")
        #expect(status.output.contains("not accepting"), "\(status.output)")
        let json = try await harness.run(["daemon", "status", "--json"])
        #expect(json.output.contains(#""accepting" : false"#), "\(json.output)")
        held.removeAll()
        var recovered = false
        let deadline = Date().addingTimeInterval(30)
        while !recovered, Date() < deadline {
            recovered = try await harness.run(["daemon", "status"]).status == 0
        }
        #expect(recovered)
        let log = try String(contentsOf: harness.home.appendingPathComponent("state/logs/daemon.log"), encoding: .utf8)
        let lines = log.split(separator: "\n")
        let first = try #require(lines.firstIndex { $0.contains("not accepting connections") }, "\(log)")
        let again = try #require(lines.firstIndex { $0.contains("accepting connections again") }, "\(log)")
        // Seconds of retries while the limit held, one line: the condition is logged once, not per retry.
        #expect(lines[first..<again].filter { $0.contains("not accepting") }.count == 1, "\(log)")
        #expect(DaemonProcessProbe.isAlive(pid))
    }

    // MARK: 6. Logs

    @Test func aNewlineInADeviceNameCannotForgeALogLine() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        _ = try await startDaemon(harness)
        let socket = try RawDaemonSocket(path: harness.socket.path)
        let forged = "evil\n2026-01-01T00:00:00Z notice baton.daemon: daemon stopped"
        try socket.send(.registerDevice(RegisterDevice(name: forged, pid: 1, apps: [])))
        let refusal = socket.next { if case .error = $0 { true } else { false } }
        guard case .error(let error) = refusal else {
            Issue.record("a control character in a device name was accepted")
            return
        }
        #expect(error.failure.message.contains("control characters"))
        try socket.send(
            .keyValueWrite(KeyValueWrite(requestID: 1, key: "k\nforged", value: .string("v"), writer: forged)))
        _ = socket.next { $0.requestID == 1 }
        let log = try String(contentsOf: harness.home.appendingPathComponent("state/logs/daemon.log"), encoding: .utf8)
        #expect(!log.split(separator: "\n").contains { $0.hasPrefix("2026-01-01T00:00:00Z") })
        #expect(try answersPing(harness))
    }
}
