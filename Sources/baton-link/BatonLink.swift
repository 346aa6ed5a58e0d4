import AccountClient
import AccountLink
import ArgumentParser
import BatonEnvironment
import Foundation
import Logging
import PostgresNIO

/// `baton-link`: `baton account …` and `baton bench machines …` (which `baton` hands over to it, so `baton` itself
/// never links PostgreSQL's client) and `baton-link run`, the link the daemon starts when this machine is linked to
/// an account.
@main
struct BatonLink: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baton-link", abstract: "An account on PostgreSQL: the commands and this machine's link.",
        subcommands: [AccountCommands.self, ServerCommands.self, LinkRunCommand.self, BenchCommands.self])

    /// How errors name the command: `baton bench machines` or `baton account`.
    static var errorPrefix: String {
        switch CommandLine.arguments.dropFirst().first {
        case "bench": "baton bench machines"
        case "server": "baton server"
        default: "baton account"
        }
    }

    /// Runs `arguments`, turning every error into one line on standard error and an exit code.
    static func main() async {
        FileLogHandler.bootstrap(file: BatonPaths().logDirectory.appendingPathComponent("link.log"))
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let error as AccountLinkError {
            FileHandle.standardError.write(Data("\(errorPrefix): \(error)\n".utf8))
            if case .usage = error { Foundation.exit(BatonExitCode.usage) }
            Foundation.exit(BatonExitCode.failure)
        } catch {
            let code = exitCode(for: error)
            if code == .success {  // --help
                print(fullMessage(for: error))
                Foundation.exit(BatonExitCode.success)
            }
            let line = message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            FileHandle.standardError.write(Data("\(errorPrefix): \(line)\n".utf8))
            Foundation.exit(code == .validationFailure ? BatonExitCode.usage : BatonExitCode.failure)
        }
    }
}

/// `baton account create|join|leave|status`.
struct AccountCommands: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account", abstract: "Link this machine to an account on a PostgreSQL server.",
        subcommands: [
            CreateCommand.self, JoinCommand.self, LeaveCommand.self, StatusCommand.self, AccountBenchAlias.self,
        ])
}

/// The options every account command shares.
struct AccountContext {
    static func operations() -> AccountOperations {
        AccountOperations(files: LinkFiles(paths: BatonPaths()), logger: Logger(label: "baton.account"))
    }

    static func machineName(_ explicit: String?) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        return ProcessInfo.processInfo.hostName
    }

    static func printJSON(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}

struct CreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create the account of the URL's role (schema by migrations) and print its one-time key.")

    @Argument(help: "postgres://USER:PASSWORD@HOST:PORT/DATABASE[?sslmode=…]") var url: String
    @Option(help: "This machine's name in the account (default: the host name).") var machine: String?
    @Flag(help: "The server is this account's alone: its role may own the schema (see the README).")
    var singleAccountServer = false
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        let joined = try await AccountContext.operations().create(
            url: url, machine: AccountContext.machineName(machine), singleAccountServer: singleAccountServer)
        LinkLauncher.start(paths: BatonPaths())
        if json { return try AccountContext.printJSON(joined) }
        print("created account \(joined.account) on \(joined.server); this machine is \(joined.machine)")
        print("account key (shown once; also in \(joined.keyFile), mode 0600):")
        print(joined.key ?? "")
        print("join another machine: baton account join URL --key-file FILE")
    }
}

struct JoinCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "join", abstract: "Join this machine to an existing account with its key.")

    @Argument(help: "postgres://USER:PASSWORD@HOST:PORT/DATABASE[?sslmode=…]") var url: String
    @Option(help: "A file holding the account key.") var keyFile: String?
    @Option(help: "The account key itself (baton-key-…).") var key: String?
    @Option(help: "This machine's name in the account (default: the host name).") var machine: String?
    @Option(
        parsing: .upToNextOption,
        help: "Keys this home kept from another account to upload into this one (others are kept aside).")
    var bring: [String] = []
    @Flag(help: "Upload every key this home kept from another account.") var bringAll = false
    @Option(help: .hidden) var storeRevision: Int64?
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        guard (keyFile == nil) != (key == nil) else {
            throw ValidationError("give the account key with --key-file FILE or --key baton-key-…")
        }
        if bringAll, !bring.isEmpty { throw ValidationError("give --bring KEYS… or --bring-all, not both") }
    }

    func run() async throws {
        let text: String
        if let keyFile {
            guard let data = FileManager.default.contents(atPath: keyFile) else {
                throw AccountLinkError.failed("cannot read the key file \(keyFile)")
            }
            text = String(decoding: data, as: UTF8.self)
        } else {
            text = key ?? ""
        }
        // The store's revision now: what a home from another account holds at the join is kept aside, and a write
        // made after it, before the link has read the store, is this account's (`baton account join` reads it).
        var storeRevision = self.storeRevision
        if storeRevision == nil {
            storeRevision = try? await DaemonQuery.keyValueSnapshot(paths: BatonPaths()).revision
        }
        let joined = try await AccountContext.operations().join(
            url: url, key: try AccountKey(text: text), machine: AccountContext.machineName(machine),
            bring: bringAll ? .all : .keys(bring), storeRevision: storeRevision)
        LinkLauncher.start(paths: BatonPaths())
        if json { return try AccountContext.printJSON(joined) }
        print("joined account \(joined.account) on \(joined.server) as \(joined.machine)")
    }
}

struct LeaveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "leave", abstract: "Return this machine to its local account (local data is kept).")

    func run() async throws {
        let paths = BatonPaths()
        print(try await AccountContext.operations().leave { try? await LinkLauncher.stopAndWait(paths: paths) })
    }
}

struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "The server, its machines, and whether the link is up.")

    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        let paths = BatonPaths()
        var status = try await AccountContext.operations().status(
            linkRunning: LinkLauncher.runningPID(paths: paths) != nil)
        if let supervised = LinkSupervisor.read(paths: paths) {
            status.linkRestarts = supervised.restarts
            status.linkLastReason = supervised.lastReason
        }
        if json { return try AccountContext.printJSON(status) }
        guard status.linked else {
            return print("not linked: this machine's account is local (baton account create|join URL)")
        }
        print("account \(status.account ?? "?") on \(status.server ?? "?"); this machine is \(status.machine ?? "?")")
        print("link: \(status.linkRunning == true ? "running" : "not running (the daemon starts it)")")
        if let restarts = status.linkRestarts, restarts > 0 {
            let times = "\(restarts) time\(restarts == 1 ? "" : "s")"
            print("  restarted \(times) by the daemon; last: \(status.linkLastReason ?? "?")")
        }
        for line in status.skippedRows ?? [] { print("  \(line)") }
        if let queued = status.queuedPushes, queued > 0 {
            print(
                "  \(queued) push\(queued == 1 ? "" : "es") for other machines queued; sent when the server takes them")
        }
        if status.serverReachable == true {
            print("server: reachable; \(status.keyValues ?? 0) key-value row(s)")
            for machine in status.machines ?? [] {
                print(
                    "  \(machine.machine)  joined \(machine.joinedAt.formatted(.iso8601))  seen \(machine.seenAt.formatted(.iso8601))"
                )
                print("    devices: \(machine.devices.isEmpty ? "none" : machine.devices.joined(separator: ", "))")
            }
        } else {
            print(
                "server: unreachable (\(status.error ?? "no answer")); local work goes on and is sent when it is back")
        }
    }
}

/// `baton-link run`: the link itself (the daemon starts it; one per machine, under a lock).
struct LinkRunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run this machine's link to its account's server.", shouldDisplay: false)

    func run() async throws {
        let files = LinkFiles(paths: BatonPaths())
        guard let record = try files.readLink() else { return }
        guard LinkLauncher.holdLock(paths: files.paths) else { return }
        let key = try files.readKey()
        let logger = Logger(label: "baton.link")
        // Started by `account create|join` just before `daemon start`, the link waits for the daemon, not the other
        // way round (the daemon sees a link running and starts none).
        guard let daemon = await DaemonWatch.waitForDaemon(paths: files.paths, within: .seconds(15)) else {
            return logger.notice("no daemon came up within 15 s; the daemon starts the link when it starts")
        }
        let client = PostgresClient(
            configuration: try ServerAddress(url: record.url).clientConfiguration(), backgroundLogger: logger)
        let keyValues = KeyValueBridge(record: record, key: key, files: files, logger: logger)
        let handoff = HandoffBridge(record: record, key: key, files: files, logger: logger)
        // One pool for the machine; each bridge runs until the daemon goes away (handoff then clears this
        // machine's offers on the server), and the pool stops after both.
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            group.addTask { await DaemonWatch.endWhenTheDaemonIsGone(daemon, paths: files.paths, logger: logger) }
            let bridges = Task {
                async let keyValuesDone: Void = keyValues.run(client: client)
                async let handoffDone: Void = handoff.run(client: client)
                _ = try await (keyValuesDone, handoffDone)
            }
            defer { group.cancelAll() }
            try await bridges.value
        }
    }
}
