import AccountClient
import ArgumentParser
import BatonEnvironment
import Foundation
import Wire

/// What `baton kv` shares: one request to the daemon (started on demand, as the suite does) and value printing.
enum KeyValueCLI {
    /// Runs `query` against the daemon, starting the daemon first when none runs; a failure exits.
    static func query<Answer>(
        _ query: (BatonPaths) async throws(DaemonQueryError) -> Answer
    ) async -> Answer {
        let paths = BatonPaths()
        do {
            return try await query(paths)
        } catch .notRunning {
            await startDaemon(paths: paths)
        } catch {
            fail(CommandFailure(describing: error))
        }
        do {
            return try await query(paths)
        } catch {
            fail(CommandFailure(describing: error))
        }
    }

    /// Sends `make(requestID)` and returns the reply, starting the daemon first when none runs.
    static func request(_ make: @escaping @Sendable (UInt64) -> WireMessage) async -> WireMessage {
        await query { paths throws(DaemonQueryError) in try await DaemonQuery.request(paths: paths, make) }
    }

    /// The whole store (the daemon sends it in pieces).
    static func snapshot() async -> KeyValueSnapshot {
        await query { paths throws(DaemonQueryError) in try await DaemonQuery.keyValueSnapshot(paths: paths) }
    }

    /// Writes (nil: removes) one key, checking the limits here first; a refusal is an error, exit 1.
    static func write(_ value: PropertyListValue?, key: String, writer: String) async throws {
        do {
            try KeyValueLimits.validate(key: key)
            if let value { try KeyValueLimits.validate(value: value, key: key) }
        } catch {
            fail(error.description)
        }
        let reply = await request {
            .keyValueWrite(KeyValueWrite(requestID: $0, key: key, value: value, writer: writer))
        }
        switch reply {
        case .keyValueWritten: return
        case .keyValueRejected(let rejected): fail(rejected.reason.description)
        default: fail("unexpected reply '\(reply.kind)'")
        }
    }

    /// A value as one line: strings as they are, everything else as compact JSON.
    static func text(_ value: PropertyListValue) -> String {
        if case .string(let string) = value { return string }
        return json(value)
    }

    /// A value as compact plain JSON.
    static func json(_ value: PropertyListValue) -> String {
        let data = try? JSONOutput.serialize(
            value.jsonObject, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
    }

    /// Prints `message` to standard error, naming the command (`baton kv get: …`), and exits with status 1.
    static func fail(_ message: String) -> Never { fail(CommandFailure(message)) }

    /// Prints `failure`'s line, naming the command, and exits with its code.
    static func fail(_ failure: CommandFailure) -> Never {
        let path = CommandLineRunner.commandPath(Array(CommandLine.arguments.dropFirst()))
        CommandLineRunner.printError("\(path): \(failure.message)")
        Foundation.exit(failure.code)
    }

    private static func startDaemon(paths: BatonPaths) async {
        do {
            try await DaemonLauncher.startOnDemand(paths: paths)
        } catch {
            fail(CommandFailure(describing: error))
        }
    }
}
