import AccountClient
import AccountLink
import ArgumentParser
import BatonEnvironment
import Foundation
import Logging
import PostgresNIO
import Wire

/// `baton bench machines [--url URL] [--samples N] [--netns] [--json]`: two machines (two homes, two daemons, two
/// links) joined to a fresh account of the URL's role — or of a throwaway cluster's when no URL is given; each
/// figure of `MachinesMeasurement.all` timed across them, beside the floor, a raw `NOTIFY` round trip on the same
/// server in the same run. The role must not have an account yet: the bench makes one and removes it, and touches
/// nothing else. With `--load`, the load run instead (`LoadRun`).
struct MachinesBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "machines", abstract: "Measure the account across machines beside the NOTIFY floor.")

    @OptionGroup var options: MachinesBenchOptions

    func run() async throws { try await MachinesBenchRun.run(options) }
}

/// Two homes with their daemons and links, on one account of the bench's role.
final class BenchRig: @unchecked Sendable {
    let url: String
    let server: BenchServer
    let homes: BenchHomes
    var root: URL { homes.root }
    var baton: String { homes.baton }

    init(server: BenchServer) throws {
        self.server = server
        url = server.url
        homes = try BenchHomes(namespaces: server.namespaces)
        do {
            // The daemons first, as a user's are: `create` and `join` then start each link beside its daemon.
            for machine in ["laptop", "server"] { try run(machine, ["daemon", "start"]) }
            // As the operator does, from the server's own network (not from a machine's namespace, where 127.0.0.1 is not it).
            try server.shareAccounts([BenchServer.role], directory: homes.root) { _ = try run("operator", $0) }
            try run("laptop", ["account", "create", server.url(for: "laptop"), "--machine", "bench-laptop"])
            try run(
                "server",
                [
                    "account", "join", server.url(for: "server"), "--key-file",
                    home("laptop").appendingPathComponent("state/account.key").path, "--machine", "bench-server",
                ])
        } catch {
            tearDown()
            throw error
        }
    }

    func home(_ machine: String) -> URL { homes.home(machine) }

    func paths(_ machine: String) -> BatonPaths { homes.paths(machine) }

    @discardableResult
    func run(_ machine: String, _ arguments: [String]) throws -> String { try homes.run(machine, arguments) }

    /// Writes on the laptop's daemon, waits for the server machine's daemon to announce the change.
    func keyValueAcrossMachines(samples: Int) async throws -> [Double] {
        let board = ArrivalBoard()
        let watcher = try await DaemonLink.connect(
            to: paths("server").socket,
            onFrame: { frame in
                if case .message(.keyValueChanged(let changed)) = frame {
                    for entry in changed.entries { board.arrived(entry.value) }
                }
            }, onClose: {}
        ).get()
        defer { watcher.close() }
        watcher.send(.keyValueFetch(KeyValueFetch(requestID: 1, subscribe: true)))
        let writer = try await DaemonLink.connect(to: paths("laptop").socket, onFrame: { _ in }, onClose: {}).get()
        defer { writer.close() }
        var results: [Double] = []
        let clock = ContinuousClock()
        for index in 0..<(samples + 10) {
            let value = PropertyListValue.string("sample-\(index)")
            let start = clock.now
            let arrived = await board.wait(for: value) {
                writer.send(
                    .keyValueWrite(
                        KeyValueWrite(
                            requestID: UInt64(index + 10), key: "bench-\(index % 8)", value: value, writer: "bench")))
            }
            guard arrived else {
                throw AccountLinkError.failed("bench: a change did not reach the other machine in 30 s")
            }
            if index >= 10 { results.append((clock.now - start).milliseconds) }
        }
        return results
    }

    /// LISTEN on one connection, NOTIFY on another, timed until the notification arrives: from the laptop's
    /// network namespace when it has one, so the floor crosses the same veth link.
    func notifyRoundTrip(samples: Int) async throws -> [Double] {
        try await NotifyFloor.measure(
            url: server.url(for: "laptop"), samples: samples, namespace: server.namespaces["laptop"])
    }

    /// Stops the daemons (their links stop with them), removes the bench's account rows and the homes.
    func tearDown() {
        homes.tearDown(machines: ["server", "laptop"])
        let url = url
        let semaphore = DispatchSemaphore(value: 0)
        Task {
            if let address = try? ServerAddress(url: url) {
                _ = try? await ServerSession.with(address, logger: Logger(label: "baton.bench")) { connection in
                    let logger = Logger(label: "baton.bench")
                    try await connection.query("SELECT baton.forget_account()", logger: logger)
                }
            }
            semaphore.signal()
        }
        semaphore.wait()
    }
}

/// A duration in milliseconds, as the bench reports them.
extension Duration {
    var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}

/// Waits for one value to be announced, given up after 30 s.
final class ArrivalBoard: @unchecked Sendable {
    private let lock = NSLock()
    private var expected: PropertyListValue?
    private var continuation: CheckedContinuation<Bool, Never>?
    private var generation = 0

    /// Runs `send`, then waits until `value` arrives (true) or 30 s pass (false).
    func wait(for value: PropertyListValue, then send: () -> Void) async -> Bool {
        await withCheckedContinuation { continuation in
            lock.lock()
            expected = value
            self.continuation = continuation
            generation += 1
            let mine = generation
            lock.unlock()
            send()
            Task {
                try? await Task.sleep(for: .seconds(30))
                self.finish(nil, arrived: false, generation: mine)
            }
        }
    }

    func arrived(_ value: PropertyListValue?) { finish(value, arrived: true, generation: nil) }

    private func finish(_ value: PropertyListValue?, arrived: Bool, generation timer: Int?) {
        lock.lock()
        guard let waiting = continuation, arrived ? value == expected : timer == generation else {
            return lock.unlock()
        }
        continuation = nil
        lock.unlock()
        waiting.resume(returning: arrived)
    }
}
