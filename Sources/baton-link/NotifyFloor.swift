import AccountLink
import ArgumentParser
import BatonEnvironment
import Foundation
import Logging
import PostgresNIO

/// The floor every cross-machine figure stands beside: `NOTIFY` on one connection until `LISTEN` on another
/// gets it, with nothing else in the way.
enum NotifyFloor {
    /// Measures `samples` round trips (after 10 not kept); inside `namespace` when given (a child process there).
    static func measure(url: String, samples: Int, namespace: String? = nil) async throws -> [Double] {
        guard let namespace else { return try await measure(url: url, samples: samples) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BenchNetwork.ip)
        process.arguments = [
            "netns", "exec", namespace, ResourceLocator.executableURL().path, "bench", "floor", "--url", url,
            "--samples", String(samples),
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let values = try? JSONDecoder().decode([Double].self, from: output)
        else {
            throw AccountLinkError.failed("bench: the NOTIFY floor in namespace \(namespace) failed")
        }
        return values
    }

    static func measure(url: String, samples: Int) async throws -> [Double] {
        let connections = try await Connections(url: url)
        defer { connections.close() }
        return try await connections.measure(samples: samples)
    }

    /// The floor's two connections, opened ahead (the load run opens them before the load, so the floor is the
    /// round trip on a loaded server, not the time to connect to it).
    final class Connections: Sendable {
        let listener: PostgresConnection
        let notifier: PostgresConnection
        let logger = Logger(label: "baton.bench")

        init(url: String) async throws {
            let configuration = try ServerAddress(url: url).connectionConfiguration()
            let loop = MultiThreadedEventLoopGroup.singleton.next()
            listener = try await PostgresConnection.connect(
                on: loop, configuration: configuration, id: 1, logger: logger
            ).get()
            notifier = try await PostgresConnection.connect(
                on: loop, configuration: configuration, id: 2, logger: logger
            ).get()
        }

        func measure(samples: Int) async throws -> [Double] {
            let clock = ContinuousClock()
            let (notifier, logger) = (notifier, logger)
            return try await listener.listen(on: "baton_bench_floor") { notifications in
                var iterator = notifications.makeAsyncIterator()
                var results: [Double] = []
                for index in 0..<(samples + 10) {
                    let start = clock.now
                    try await notifier.query(
                        "SELECT pg_notify('baton_bench_floor', \(String(index)))", logger: logger)
                    while let notification = try await iterator.next(), notification.payload != String(index) {}
                    if index >= 10 { results.append((clock.now - start).milliseconds) }
                }
                return results
            }
        }

        func close() {
            let (listener, notifier) = (listener, notifier)
            Task {
                try? await listener.close()
                try? await notifier.close()
            }
        }
    }
}

/// `baton-link bench floor --url URL --samples N`: the floor's samples as a JSON array (run by the bench inside a
/// machine's network namespace).
struct NotifyFloorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "floor", abstract: "Print raw NOTIFY round trips as JSON.", shouldDisplay: false)

    @Option var url: String
    @Option var samples = 200

    func run() async throws {
        let values = try await NotifyFloor.measure(url: url, samples: samples)
        print(String(decoding: try JSONEncoder().encode(values), as: UTF8.self))
    }
}
