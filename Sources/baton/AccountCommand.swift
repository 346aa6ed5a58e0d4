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
            baton account create postgres://USER:PASSWORD@HOST:PORT/DB [--machine NAME] [--json]
            baton account join postgres://… (--key-file FILE | --key KEY) [--machine NAME] [--json]
            baton account leave
            baton account status [--json]
            """)

    @Argument(parsing: .captureForPassthrough, help: "create|join|leave|status and their arguments")
    var words: [String] = []

    func run() async throws {
        let program = LinkLauncher.executable.path
        guard FileManager.default.isExecutableFile(atPath: program) else {
            throw CommandFailure("\(program) is missing (build every product: swift build)")
        }
        let code = ProcessReplacement.exec(program, ["account"] + words)
        throw CommandFailure("cannot run \(program): \(String(cString: strerror(code)))")
    }
}
