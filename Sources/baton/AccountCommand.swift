import AccountClient
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
        if words.first == "join", !words.contains(where: { $0 == "--help" || $0 == "-h" }) {
            // The join reads the store's revision from the daemon (what is held then is another account's).
            try? await SSHCommand.ensureDaemon(paths: BatonPaths())
        }
        try AccountCommand.handOver(["account"] + words)
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
