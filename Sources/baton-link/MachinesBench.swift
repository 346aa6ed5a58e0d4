import AccountClient
import AccountLink
import ArgumentParser
import BatonEnvironment
import Foundation
import Logging
import PostgresNIO
import Wire

/// `baton account bench --url URL [--samples N] [--json]`: two machines (two homes, two daemons, two links) joined
/// to a fresh account of the URL's role; a key-value change written on one, timed until the other machine's daemon
/// announces it; beside it the floor, a raw `NOTIFY` round trip on the same server in the same run. The role must
/// not have an account yet: the bench makes one and removes it, and touches nothing else.
struct MachinesBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "Measure a key-value change across two machines beside the NOTIFY floor.")

    @Option(help: "A PostgreSQL URL of a role with no account (default: $BATON_BENCH_POSTGRES).") var url: String?
    @Option(help: "Samples per measurement.") var samples = 200
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        guard let url = url ?? ProcessInfo.processInfo.environment["BATON_BENCH_POSTGRES"] else {
            throw AccountLinkError.usage("give the server: --url postgres://… (a role with no account yet)")
        }
        let rig = try BenchRig(url: url)
        defer { rig.tearDown() }
        let across = try await rig.keyValueAcrossMachines(samples: samples)
        let floor = try await rig.notifyRoundTrip(samples: samples)
        let figures = [
            BenchFigureLine(metric: "keyValueChangeAcrossMachines", samples: across, budget: "p99 ≤ 30 ms"),
            BenchFigureLine(metric: "rawNotifyRoundTrip", samples: floor, budget: nil),
        ]
        if json { return try AccountContext.printJSON(figures) }
        for figure in figures {
            print(
                "machines \(figure.metric): median \(String(format: "%.3f", figure.median)) ms, "
                    + "p99 \(String(format: "%.3f", figure.p99)) ms (n=\(figure.samples))"
                    + (figure.budget.map { "  budget: \($0)" } ?? ""))
        }
    }
}

/// One figure, as `baton bench --json` prints its own.
struct BenchFigureLine: Encodable {
    var benchmark = "machines"
    var metric: String
    var unit = "ms"
    var median: Double
    var p99: Double
    var samples: Int
    var budget: String?

    init(metric: String, samples values: [Double], budget: String?) {
        let sorted = values.sorted()
        self.metric = metric
        samples = sorted.count
        median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        p99 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
        self.budget = budget
    }
}

/// Two homes with their daemons and links, on one account of the bench's role.
final class BenchRig: @unchecked Sendable {
    let url: String
    let root: URL
    let baton: String

    init(url: String) throws {
        self.url = url
        root = FileManager.default.temporaryDirectory.appendingPathComponent("baton-bench-\(getpid())")
        baton = ResourceLocator.executableURL().deletingLastPathComponent().appendingPathComponent("baton").path
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try run("laptop", ["account", "create", url, "--machine", "bench-laptop"])
        try run(
            "server",
            [
                "account", "join", url, "--key-file", home("laptop").appendingPathComponent("state/account.key").path,
                "--machine", "bench-server",
            ])
        for machine in ["laptop", "server"] { try run(machine, ["daemon", "start"]) }
    }

    func home(_ machine: String) -> URL { root.appendingPathComponent(machine) }

    func paths(_ machine: String) -> BatonPaths { BatonPaths(environment: ["BATON_HOME": home(machine).path]) }

    @discardableResult
    func run(_ machine: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: baton)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["BATON_HOME": home(machine).path]) {
            _, new in new
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw AccountLinkError.failed(
                "bench: baton \(arguments.prefix(2).joined(separator: " ")) failed: \(output)")
        }
        return output
    }

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

    /// LISTEN on one connection, NOTIFY on another, timed until the notification arrives.
    func notifyRoundTrip(samples: Int) async throws -> [Double] {
        let address = try ServerAddress(url: url)
        let logger = Logger(label: "baton.bench")
        let configuration = try address.connectionConfiguration()
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let listener = try await PostgresConnection.connect(
            on: loop, configuration: configuration, id: 1, logger: logger
        )
        .get()
        let notifier = try await PostgresConnection.connect(
            on: loop, configuration: configuration, id: 2, logger: logger
        )
        .get()
        defer {
            Task {
                try? await listener.close()
                try? await notifier.close()
            }
        }
        let clock = ContinuousClock()
        return try await listener.listen(on: "baton_bench_floor") { notifications in
            var iterator = notifications.makeAsyncIterator()
            var results: [Double] = []
            for index in 0..<(samples + 10) {
                let start = clock.now
                try await notifier.query("SELECT pg_notify('baton_bench_floor', \(String(index)))", logger: logger)
                while let notification = try await iterator.next(), notification.payload != String(index) {}
                if index >= 10 { results.append((clock.now - start).milliseconds) }
            }
            return results
        }
    }

    /// Stops the daemons (their links stop with them), removes the bench's account rows and the homes.
    func tearDown() {
        for machine in ["server", "laptop"] {
            _ = try? run(machine, ["account", "leave"])
            _ = try? run(machine, ["daemon", "stop"])
        }
        let url = url
        let semaphore = DispatchSemaphore(value: 0)
        Task {
            if let address = try? ServerAddress(url: url) {
                _ = try? await ServerSession.with(address, logger: Logger(label: "baton.bench")) { connection in
                    let logger = Logger(label: "baton.bench")
                    try await connection.query("DELETE FROM baton.key_values", logger: logger)
                    try await connection.query("DELETE FROM baton.offers", logger: logger)
                    try await connection.query("DELETE FROM baton.handoff_mail", logger: logger)
                    try await connection.query("DELETE FROM baton.machines", logger: logger)
                    try await connection.query("DELETE FROM baton.accounts", logger: logger)
                }
            }
            semaphore.signal()
        }
        semaphore.wait()
        try? FileManager.default.removeItem(at: root)
    }
}

extension Duration {
    fileprivate var milliseconds: Double {
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
