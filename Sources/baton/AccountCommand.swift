import AccountClient
import AccountService
import ArgumentParser
import BatonEnvironment
import Foundation

/// `baton account create|join|leave|status`: handed over to `baton-link` (beside `baton`), so `baton` itself never
/// links PostgreSQL's client.
struct AccountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account",
        abstract: "Link this machine to an account on a PostgreSQL server (create, join, leave, status).",
        discussion: """
            baton account create postgres://USER:PASSWORD@HOST:PORT/DB [--machine NAME] [--single-account-server] [--json]
            baton account join postgres://… (--key-file FILE | --key KEY) [--machine NAME] [--json]
            baton account leave
            baton account status [--json]
            """)

    @Argument(parsing: .captureForPassthrough, help: "create|join|leave|status and their arguments")
    var words: [String] = []

    func run() async throws {
        var words = words
        if words.first == "join", !words.contains(where: { $0 == "--help" || $0 == "-h" }),
            let revision = await Self.storeRevision(BatonPaths())
        {
            // What the home holds now is another account's, if the join is to another account.
            words.insert(contentsOf: ["--store-revision", "\(revision)"], at: 1)
        }
        try AccountCommand.handOver(["account"] + words)
    }

    /// The key-value store's revision now: the running daemon's, or the database's when none runs (a write that
    /// starts one after this comes after it).
    static func storeRevision(_ paths: BatonPaths) async -> Int64? {
        if let snapshot = try? await DaemonQuery.keyValueSnapshot(paths: paths) { return snapshot.revision }
        if LinkLauncher.daemonIsRunning(paths: paths) { return nil }
        return StoreRevision.onDisk(paths)
    }

    /// Replaces this process with `program arguments` (default `baton-link`); throws only when that cannot start.
    static func handOver(_ arguments: [String], to executable: URL = LinkLauncher.executable) throws {
        let program = executable.path
        guard FileManager.default.isExecutableFile(atPath: program) else {
            throw CommandFailure("\(program) is missing (build every product: swift build)")
        }
        let code = ProcessReplacement.exec(program, arguments)
        throw CommandFailure("cannot run \(program): \(String(cString: strerror(code)))")
    }
}

/// `baton server init|add-account|remove-account`: the operator's commands for a shared server, handed over to
/// `baton-link` as `baton account` is.
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "server",
        abstract: "Set up a PostgreSQL server that many accounts share (init, add-account, remove-account).",
        discussion: """
            baton server init postgres://ADMIN:PASSWORD@HOST:PORT/DB
            baton server add-account postgres://ADMIN:…/DB NAME [--password-file FILE]
            baton server remove-account postgres://ADMIN:…/DB NAME
            """)

    @Argument(parsing: .captureForPassthrough, help: "init|add-account|remove-account and their arguments")
    var words: [String] = []

    func run() async throws { try AccountCommand.handOver(["server"] + words) }
}
