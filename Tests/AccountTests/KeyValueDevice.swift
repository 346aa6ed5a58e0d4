import AccountClient
import BatonEnvironment
import Foundation
import KeyValueStore
import Wire

/// One in-process device for key-value tests: an `AccountClient` and a store in the harness's account.
final class KeyValueDevice {
    let client: AccountClient
    let store: UbiquitousKeyValueStore
    fileprivate(set) var changes: [KeyValueStoreChange] = []
    fileprivate(set) var disconnections = 0

    fileprivate init(
        _ name: String, harness: BatonHarness, spawnDaemon: Bool, sink: @escaping @Sendable (any Sendable) -> Void
    ) {
        let paths = BatonPaths(environment: ["BATON_HOME": harness.home.path])
        client = AccountClient(
            configuration: AccountClient.Configuration(
                paths: paths, daemonExecutable: spawnDaemon ? harness.binary : nil,
                reconnect: ReconnectPolicy(initial: .milliseconds(20), maximum: .milliseconds(200)),
                daemonEnvironment: harness.environment.merging(["BATON_HOME": harness.home.path]) { _, home in home }),
            sink: sink)
        client.register(RegisterDevice(name: name, pid: getpid(), apps: []))
        store = UbiquitousKeyValueStore(deviceName: name, client: client, paths: paths)
        store.didChangeExternally = { [unowned self] in changes.append($0) }
    }

    /// The changes announced with `reason`.
    func changes(_ reason: KeyValueStoreChangeReason) -> [KeyValueStoreChange] {
        changes.filter { $0.reason == reason }
    }

    /// Whether the first sync with the daemon happened.
    var synced: Bool { !changes(.initialSyncChange).isEmpty }
}

/// Devices whose events are pumped on the test's task (the stores' "UI thread"), in arrival order.
final class KeyValueDevices {
    private(set) var devices: [KeyValueDevice] = []
    private var events: AsyncStream<(Int, any Sendable)>.AsyncIterator
    private let continuation: AsyncStream<(Int, any Sendable)>.Continuation
    private var nextDeadline = UInt64.max

    init() {
        let (stream, continuation) = AsyncStream<(Int, any Sendable)>.makeStream()
        events = stream.makeAsyncIterator()
        self.continuation = continuation
    }

    /// Adds (and, with `start`, connects) a device named `name`; with `spawnDaemon` false it never starts a daemon.
    @discardableResult
    func add(_ name: String, harness: BatonHarness, spawnDaemon: Bool = true, start: Bool = true) -> KeyValueDevice {
        let index = devices.count
        let continuation = continuation
        let device = KeyValueDevice(name, harness: harness, spawnDaemon: spawnDaemon) {
            continuation.yield((index, $0))
        }
        devices.append(device)
        if start { device.client.start() }
        return device
    }

    /// Processes events until `done` holds; false when `limit` seconds passed first (a guard against hangs).
    @discardableResult
    func pump(limit: Int64 = 60, until done: () -> Bool) async -> Bool {
        guard let timer = devices.first?.client else { return done() }
        let token = nextDeadline
        nextDeadline -= 1
        timer.post(after: .seconds(limit), token: token)
        while !done() {
            guard let (index, event) = await events.next() else { return false }
            if case .timer(let fired) = event as? AccountEvent, fired > UInt64.max - 1000 {
                if fired == token { return done() }
                continue
            }
            if case .disconnected = event as? AccountEvent { devices[index].disconnections += 1 }
            devices[index].store.handle(event)
        }
        return true
    }

    /// Disconnects every device.
    func stop() {
        for device in devices { device.client.stop() }
    }
}
