import AccountClient
import ArgumentParser
import BatonEnvironment
import Foundation

/// `baton ntfy serve|on|off|status`: ntfy's HTTP publish and subscribe API on this machine. serve is handed over
/// to `baton-ntfy` (beside `baton`), so `baton` never links the HTTP server; on/off/status keep the daemon's
/// setting, and the daemon runs `baton-ntfy` as a supervised child.
struct NtfyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ntfy",
        abstract: "ntfy's HTTP publish and subscribe API on this machine (serve, on, off, status).",
        discussion: """
            baton ntfy on [--listen 127.0.0.1:2586] | off | status [--json]
            baton ntfy serve [--listen HOST:PORT]      (in the foreground)
            baton ntfy token add [--label L] [--read-write|--read-only|--write-only TOPIC] | remove TOKEN | list
            baton ntfy access TOKEN TOPIC read-write|read-only|write-only|deny
            Beyond loopback nothing is readable or writable without a token (Authorization: Bearer tk_…).
            Scripts publish as to ntfy.sh with only the host changed: curl -d "Backup done" \
            localhost:2586/backups. A topic is the app org.freedesktop.ntfy.TOPIC (allowed until turned off, \
            listed in F4's Settings as ntfy/TOPIC); each message reaches every device of the account and its \
            other machines. Subscribe with GET /TOPIC/json, /sse or /raw (poll=1, since=, filters).
            """,
        subcommands: [
            Serve.self, NtfyOnCommand.self, NtfyOffCommand.self, NtfyStatusCommand.self, Token.self, Access.self,
        ])

    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve the API in the foreground (starts the daemon when none runs).")
        @Argument(parsing: .captureForPassthrough) var words: [String] = []
        func run() async throws {
            if !words.contains(where: { $0 == "-h" || $0 == "--help" || $0 == "help" }) {
                if (try? await DaemonStatus.ping(paths: BatonPaths(), timeout: .seconds(2))) == nil {
                    _ = try await DaemonLauncher.startOnDemand(paths: BatonPaths())
                }
            }
            try AccountCommand.handOver(["serve"] + words, to: NtfyServerLauncher.executable)
        }
    }
}

extension NtfyCommand {
    struct Token: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Access tokens: token add [--label L] [--read-write T]… | remove TOKEN | list [--json].")
        @Argument(parsing: .captureForPassthrough) var words: [String] = []
        func run() async throws { try AccountCommand.handOver(["token"] + words, to: NtfyServerLauncher.executable) }
    }

    struct Access: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Grant a token a permission on a topic: access TOKEN TOPIC read-write|read-only|write-only|deny.")
        @Argument(parsing: .captureForPassthrough) var words: [String] = []
        func run() async throws { try AccountCommand.handOver(["access"] + words, to: NtfyServerLauncher.executable) }
    }
}

/// `baton ntfy on`: the daemon runs the endpoint (`baton-ntfy serve --supervised`, started with it and again
/// within 5 s when it is not running).
struct NtfyOnCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "on", abstract: "Serve ntfy's API as part of the daemon.",
        discussion: "Prints `ntfy on: http://HOST:PORT`. Exit codes: 0 done; 1 failed; 64 usage.")

    @Option(help: ArgumentHelp("Where to listen (port 0: any free port).", valueName: "host:port"))
    var listen: String = NtfyServerSetting.defaultListen

    func validate() throws {
        guard ListenAddress.split(listen) != nil
        else { throw ValidationError("--listen is host:port, not \(BoundedQuote.quote(listen))") }
    }

    func run() async throws {
        let paths = BatonPaths()
        try? FileManager.default.removeItem(at: NtfyServerLauncher.addressFile(paths))
        try NtfyServerSetting(enabled: true, listen: listen).save(paths: paths)
        try await PidLock.terminateHolderAndWait(of: NtfyServerLauncher.lockFile(paths))
        if (try? await DaemonStatus.ping(paths: paths, timeout: .seconds(2))) == nil {
            _ = try await DaemonLauncher.startOnDemand(paths: paths)  // Its start starts the server.
        }
        if let problem = NtfyServerLauncher.start(paths: paths), problem != "already running" {
            NotificationCLI.fail("cannot start the ntfy endpoint: \(problem)", code: NotificationCLI.ExitCode.failed)
        }
        for _ in 0..<1_500 where NtfyServerLauncher.address(paths) == nil {  // Up to 30 s: a hang guard.
            try await Task.sleep(for: .milliseconds(20))
        }
        guard let address = NtfyServerLauncher.address(paths) else {
            let log = paths.logDirectory.appendingPathComponent("ntfy-server.log").path
            NotificationCLI.fail("the ntfy endpoint did not start; see \(log)", code: NotificationCLI.ExitCode.failed)
        }
        print("ntfy on: http://\(address)")
    }
}

/// `baton ntfy off`: the daemon stops its ntfy endpoint.
struct NtfyOffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "off", abstract: "Stop the daemon's ntfy endpoint.")

    func run() async throws {
        let paths = BatonPaths()
        if var setting = NtfyServerSetting.load(paths: paths) {
            setting.enabled = false
            try setting.save(paths: paths)
        }
        try await PidLock.terminateHolderAndWait(of: NtfyServerLauncher.lockFile(paths))
        try? FileManager.default.removeItem(at: NtfyServerLauncher.addressFile(paths))
        print("ntfy off")
    }
}

/// `baton ntfy status`: whether the daemon serves ntfy's API, and where.
struct NtfyStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Whether the daemon serves ntfy's API, and where.")
    @Flag(help: "Print JSON: {\"enabled\", \"running\", \"pid\", \"address\"}.") var json = false

    func run() throws {
        let paths = BatonPaths()
        let setting = NtfyServerSetting.load(paths: paths)
        let pid = NtfyServerLauncher.runningPID(paths: paths)
        let address = pid == nil ? nil : NtfyServerLauncher.address(paths)
        if json {
            let report: [String: Any?] = [
                "enabled": setting?.enabled ?? false, "running": pid != nil, "pid": pid.map { Int($0) },
                "address": address,
            ]
            return JSONOutput.line(report.compactMapValues { $0 })
        }
        guard let setting, setting.enabled else { return print("ntfy off") }
        print(
            "ntfy on: "
                + (address.map { "http://\($0) (pid \(pid.map(String.init) ?? "?"))" }
                    ?? "not running (it starts with the daemon)"))
    }
}
