import AccountClient
import ArgumentParser
import BatonEnvironment
import Foundation

/// `baton apns serve|key|token|on|off|status`: APNs' HTTP/2 provider API on this machine. serve, key and token
/// are handed over to `baton-apns` (beside `baton`), so `baton` never links TLS or HTTP/2; on/off/status keep
/// the daemon's setting, and the daemon runs `baton-apns` as a supervised child.
struct APNsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apns",
        abstract: "APNs' HTTP/2 provider API on this machine (serve, key create, token, on, off, status).",
        discussion: """
            baton apns serve [--listen 127.0.0.1:2197] [--tls-cert F --tls-key F | --self-signed DIR] \
            [--token-limit N] [--idle-timeout SECONDS]
            baton apns key create --team TEAM [--json]      (prints the new key's id)
            baton apns key import AuthKey_KEYID.p8 --team TEAM   (a key from Apple's developer site)
            baton apns token --key KEYID [--age SECONDS]    (a provider token signed with that key)
            baton apns on [the serve options] | off | status [--json]
            Providers POST /3/device/TOKEN with apns-topic, apns-push-type and authorization: bearer JWT, as to \
            Apple; each push is the one `baton push --token` makes.
            """,
        subcommands: [
            Serve.self, Key.self, Token.self, APNsOnCommand.self, APNsOffCommand.self, APNsStatusCommand.self,
        ])

    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve the provider API in the foreground (starts the daemon when none runs).")
        @Argument(parsing: .captureForPassthrough) var words: [String] = []
        func run() async throws {
            // Help starts nothing; bad options must not start a daemon: baton-apns checks them first (one line,
            // exit 64).
            if !words.contains(where: { $0 == "-h" || $0 == "--help" || $0 == "help" }) {
                let status = try Self.checkOptions(words)
                guard status == 0 else { throw ExitCode(status) }
                if (try? await DaemonStatus.ping(paths: BatonPaths(), timeout: .seconds(2))) == nil {
                    _ = try await DaemonLauncher.startOnDemand(paths: BatonPaths())
                }
            }
            try AccountCommand.handOver(["serve"] + words, to: APNsServerLauncher.executable)
        }

        /// `baton-apns serve --check-options WORDS`'s exit status (0 when baton-apns is missing, which the
        /// hand-over then says).
        static func checkOptions(_ words: [String]) throws -> Int32 {
            let executable = APNsServerLauncher.executable
            guard FileManager.default.isExecutableFile(atPath: executable.path) else { return 0 }
            let process = Process()
            process.executableURL = executable
            process.arguments = ["serve", "--check-options"] + words
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    struct Key: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Provider keys: key create --team TEAM, key import AuthKey_KEYID.p8 --team TEAM.")
        @Argument(parsing: .captureForPassthrough) var words: [String] = []
        func run() async throws { try AccountCommand.handOver(["key"] + words, to: APNsServerLauncher.executable) }
    }

    struct Token: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print a provider token: token --key KEYID.")
        @Argument(parsing: .captureForPassthrough) var words: [String] = []
        func run() async throws { try AccountCommand.handOver(["token"] + words, to: APNsServerLauncher.executable) }
    }
}
