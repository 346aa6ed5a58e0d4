import AccountClient
import BatonEnvironment
import Foundation
import KeyValueStore
import NIOCore
import Wire

/// `baton bench kv`: two devices in one process against a fresh daemon in a temporary BATON_HOME.
///
/// Returns samples by name: `favorite_toggle_ms` (device A toggles a favourite in the
/// `favoritesIdentifiers` dictionary → device B's `didChangeExternally` has the new dictionary) and
/// `raw_socket_roundtrip_ms` (the floor, as in `HandoffBench`).
enum KVBench {
    static func run(samples: Int = 200) async throws -> [String: [Double]] {
        let home = BenchHome(prefix: "baton-kvbench")
        let paths = home.paths
        // The process's own log: a bootstrap lasts for the process, and the next benchmark's lines must not
        // make this home again once it is removed.
        FileLogHandler.bootstrap(file: BatonPaths().logDirectory.appendingPathComponent("bench.log"))
        let bench = KeyValueBenchDevices(paths: paths, home: home.url)
        return try await home.run(stoppingClients: bench.stop) {
            var results: [String: [Double]] = [:]
            try await bench.connect()
            results["favorite_toggle_ms"] = try await bench.measureFavoriteToggles(samples)
            results["raw_socket_roundtrip_ms"] = try RawSocketRoundTrip.measure(samples * 5)
            return results
        }
    }
}

/// Two devices ("kv-a" writes, "kv-b" watches), each a client and a store, driven from one task.
final class KeyValueBenchDevices {
    private let clients: [AccountClient]
    private let stores: [UbiquitousKeyValueStore]
    private var events: AsyncStream<(Int, any Sendable)>.AsyncIterator
    private let clock = ContinuousClock()
    private var synced = 0
    private var seenByB: [String: PropertyListValue]?
    /// The token of the newest pump's deadline: an earlier pump's timer, still due, must not end a later one
    /// (a run longer than one pump's limit failed on a stale deadline).
    private var deadlineToken = UInt64.max
    static let key = "favoritesIdentifiers"

    init(paths: BatonPaths, home: URL) {
        let (stream, continuation) = AsyncStream<(Int, any Sendable)>.makeStream()
        events = stream.makeAsyncIterator()
        let configuration = AccountClient.Configuration(paths: paths, daemonEnvironment: ["BATON_HOME": home.path])
        clients = (0..<2).map { index in
            AccountClient(configuration: configuration) { continuation.yield((index, $0)) }
        }
        stores = zip(["kv-a", "kv-b"], clients).map { name, client in
            client.register(RegisterDevice(name: name, pid: getpid(), apps: []))
            return UbiquitousKeyValueStore(deviceName: name, client: client, paths: paths)
        }
        for store in stores {
            store.didChangeExternally = { [unowned self] change in
                if change.reason == .initialSyncChange { self.synced += 1 }
            }
        }
        stores[1].didChangeExternally = { [unowned self] change in
            if change.reason == .initialSyncChange { self.synced += 1 }
            if change.changedKeys.contains(Self.key) { self.seenByB = self.stores[1].dictionary(forKey: Self.key) }
        }
    }

    func connect() async throws {
        for client in clients { client.start() }
        try await pump(limit: .seconds(60)) { self.synced >= 2 }
    }

    func stop() {
        for client in clients { client.stop() }
    }

    /// Toggles one of ten favourites on A per sample and times until B holds A's new dictionary.
    func measureFavoriteToggles(_ samples: Int) async throws -> [Double] {
        var results: [Double] = []
        for index in 0...samples {
            var favorites = stores[0].dictionary(forKey: Self.key) ?? [:]
            let slug = "store-\(index % 10)"
            favorites[slug] = favorites[slug] == nil ? .string("https://www.apple.com/retail/\(slug)/") : nil
            seenByB = nil
            let start = clock.now
            try stores[0].set(.dictionary(favorites), forKey: Self.key)
            try await pump(limit: .seconds(5)) { self.seenByB == favorites }
            // The first toggle warms the connections up.
            if index > 0 { results.append((clock.now - start).fractionalMilliseconds) }
        }
        return results
    }

    /// Handles events for both devices until `done` holds; fails after `limit`.
    private func pump(limit: Duration, until done: () -> Bool) async throws {
        deadlineToken -= 1
        clients[0].post(after: limit, token: deadlineToken)
        while !done() {
            guard let (device, event) = await events.next() else { throw BenchError(description: "events ended") }
            if case .timer(let token) = event as? AccountEvent {
                guard token == deadlineToken else { continue }
                throw BenchError(description: "timed out after \(limit)")
            }
            stores[device].handle(event)
        }
    }
}
