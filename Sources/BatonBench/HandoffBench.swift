import AccountClient
import BatonEnvironment
import Foundation
import Handoff
import NIOCore
import Wire

/// `baton bench handoff`: two devices in one process against a fresh daemon in a temporary BATON_HOME.
///
/// Returns samples by name: `advertise_ms` (becomeCurrent → the other device's offer),
/// `continue_3kb_ms` (Ctrl-O → restored, 3 KB userInfo), `stream_mib_per_s` (continuation stream
/// throughput) and `raw_socket_roundtrip_ms` (64 bytes over a bare Unix socket pair, the floor).
enum HandoffBench {
    static func run(samples: Int = 200, streamBytes: Int = 8 << 20) async throws -> [String: [Double]] {
        let home = BenchHome()
        let paths = home.paths
        // The process's own log: a bootstrap lasts for the process, and the next benchmark's lines must not
        // make this home again once it is removed.
        FileLogHandler.bootstrap(file: BatonPaths().logDirectory.appendingPathComponent("bench.log"))
        let manifest = try AppManifest.load(app: "MonkeyBrowser", resources: ResourceLocator.requireResources())
        let bench = BenchDevices(paths: paths, manifest: manifest)
        return try await home.run(stoppingClients: bench.stop) {
            var results: [String: [Double]] = [:]
            try await bench.connect()
            results["advertise_ms"] = try await bench.measureAdvertisements(samples)
            results["continue_3kb_ms"] = try await bench.measureContinues(samples)
            results["stream_mib_per_s"] = [try await bench.measureStream(bytes: streamBytes)]
            results["raw_socket_roundtrip_ms"] = try RawSocketRoundTrip.measure(samples * 5)
            return results
        }
    }
}

/// Failures of the benchmark itself.
struct BenchError: Error, CustomStringConvertible {
    var description: String
}

/// Two devices ("bench-a" the source, "bench-b" the target) driven from one event loop.
final class BenchDevices {
    private let clientA: AccountClient
    private let clientB: AccountClient
    let source: HandoffCoordinator
    let target: HandoffCoordinator
    private let hooks = BenchHooks()
    private let activity: UserActivity
    private var events: AsyncStream<(Int, any Sendable)>.AsyncIterator
    private let clock = ContinuousClock()
    private var connected = 0
    private var offerSeen: ContinuousClock.Instant?
    /// The token of the newest pump's deadline: an earlier pump's timer, still due, must not end a later one
    /// (a run longer than one pump's limit failed on a stale deadline).
    private var deadlineToken = UInt64.max

    init(paths: BatonPaths, manifest: AppManifest) {
        let (stream, continuation) = AsyncStream<(Int, any Sendable)>.makeStream()
        events = stream.makeAsyncIterator()
        let configuration = AccountClient.Configuration(
            paths: paths, daemonEnvironment: ["BATON_HOME": paths.runtimeDirectory.deletingLastPathComponent().path])
        clientA = AccountClient(configuration: configuration) { continuation.yield((0, $0)) }
        clientB = AccountClient(configuration: configuration) { continuation.yield((1, $0)) }
        source = HandoffCoordinator(deviceName: "bench-a", client: clientA)
        target = HandoffCoordinator(deviceName: "bench-b", client: clientB)
        let appA = source.register(manifest: manifest, hooks: hooks)
        target.register(manifest: manifest, hooks: hooks)
        activity = UserActivity(activityType: "com.baton.monkeybrowser.tab.weather", app: appA)
        activity.delegate = hooks
        activity.supportsContinuationStreams = true
        activity.userInfo = ["blob": .string(String(repeating: "w", count: 3000)), "tab": .int(1)]
    }

    func connect() async throws {
        clientA.start()
        clientB.start()
        try await pump(limit: .seconds(60)) { self.connected >= 2 }
    }

    func stop() {
        clientA.stop()
        clientB.stop()
    }

    func measureAdvertisements(_ samples: Int) async throws -> [Double] {
        var results: [Double] = []
        target.offerChanged = { [unowned self] offer in
            if offer?.title == self.activity.title { self.offerSeen = self.clock.now }
        }
        for index in 0...samples {
            offerSeen = nil
            let start = clock.now
            activity.title = "Tab \(index)"
            if index == 0 { try activity.becomeCurrent() }
            try await pump(limit: .seconds(5)) { self.offerSeen != nil }
            if index > 0, let seen = offerSeen { results.append((seen - start).fractionalMilliseconds) }
        }
        return results
    }

    func measureContinues(_ samples: Int) async throws -> [Double] {
        var results: [Double] = []
        for index in 0..<samples {
            // A continued offer leaves the dock of the device that took it: the source offers anew first.
            if index > 0 {
                activity.title = "Continue \(index)"
                try await pump(limit: .seconds(5)) { self.target.currentOffer?.title == self.activity.title }
            }
            let before = hooks.restored.count
            let start = clock.now
            guard case .started = target.continueOffer() else { throw BenchError(description: "nothing to continue") }
            try await pump(limit: .seconds(10)) { self.hooks.restored.count > before || self.hooks.failure != nil }
            if let failure = hooks.failure { throw BenchError(description: "continue failed: \(failure)") }
            results.append((clock.now - start).fractionalMilliseconds)
        }
        return results
    }

    func measureStream(bytes: Int) async throws -> Double {
        guard let continued = hooks.restored.last else { throw BenchError(description: "no continued activity") }
        hooks.streamPayload = bytes
        var received = 0
        var finished = false
        let start = clock.now
        let (input, output) = try continued.getContinuationStreams()
        output.close()  // nothing to send: only the source's direction stays open
        input.onData = { received += $0.count }
        input.onClose = { _ in finished = true }
        try await pump(limit: .seconds(60)) { finished }
        guard received == bytes else { throw BenchError(description: "stream delivered \(received) of \(bytes) bytes") }
        return Double(bytes) / 1_048_576 / ((clock.now - start).fractionalMilliseconds / 1000)
    }

    /// Handles events for both devices until `done` holds; fails after `limit`.
    private func pump(limit: Duration, until done: () -> Bool) async throws {
        deadlineToken -= 1
        clientA.post(after: limit, token: deadlineToken)
        while !done() {
            guard let (device, event) = await events.next() else { throw BenchError(description: "events ended") }
            if case .timer(let token) = event as? AccountEvent {
                guard token == deadlineToken else { continue }
                throw BenchError(description: "timed out after \(limit)")
            }
            if case .connected = event as? AccountEvent { connected += 1 }
            (device == 0 ? source : target).handle(event)
        }
    }
}

/// The bench's app hooks and activity delegate.
final class BenchHooks: HandoffAppHooks, UserActivityDelegate {
    var restored: [UserActivity] = []
    var failure: HandoffError?
    var streamPayload = 0

    func willContinueUserActivity(withType activityType: String) -> Bool { true }

    func continueUserActivity(
        _ activity: UserActivity, restorationHandler: @escaping ([any UserActivityRestoring]) -> Void
    ) -> Bool {
        restored.append(activity)
        return true
    }

    func didFailToContinueUserActivity(withType activityType: String, error: HandoffError) { failure = error }

    func userActivity(
        _ activity: UserActivity, didReceive inputStream: ContinuationInputStream,
        outputStream: ContinuationOutputStream
    ) {
        let chunk = Data(repeating: 0x2A, count: 64 * 1024)
        var remaining = streamPayload
        while remaining > 0 {
            outputStream.write(remaining >= chunk.count ? chunk : chunk.prefix(remaining))
            remaining -= chunk.count
        }
        outputStream.close()
    }
}

/// The floor: a 64-byte round trip over a bare Unix socket pair to an echo thread.
enum RawSocketRoundTrip {
    static func measure(_ samples: Int) throws -> [Double] {
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0 else {
            throw BenchError(description: "socketpair failed: \(String(cString: strerror(errno)))")
        }
        let (near, far) = (pair[0], pair[1])
        defer { close(near) }
        let echo = Thread {
            var buffer = [UInt8](repeating: 0, count: 64)
            while read(far, &buffer, 64) == 64 { _ = write(far, buffer, 64) }
            close(far)
        }
        echo.start()
        var message = [UInt8](repeating: 7, count: 64)
        let clock = ContinuousClock()
        var results: [Double] = []
        for _ in 0..<samples {
            let start = clock.now
            guard write(near, message, 64) == 64, read(near, &message, 64) == 64 else {
                throw BenchError(description: "raw socket round trip failed")
            }
            let elapsed = clock.now - start
            results.append(elapsed.fractionalMilliseconds)
        }
        shutdown(near, Int32(SHUT_RDWR))
        return results
    }
}
