import AccountClient
import ArgumentParser
import BatonEnvironment
import Foundation

/// `baton apns on`: the daemon runs the APNs server (`baton-apns serve --supervised`, a child it starts with
/// itself and restarts within 5 s when it is not running) with these options.
struct APNsOnCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "on", abstract: "Serve the provider API as part of the daemon (the serve options).",
        discussion: "Prints `apns on: https://HOST:PORT`. Exit codes: 0 done; 1 failed; 64 usage.")

    @Option(help: ArgumentHelp("Where to listen.", valueName: "host:port"))
    var listen: String = APNsServerSetting.defaultListen
    @Option(name: .customLong("tls-cert"), help: "The server's PEM certificate chain.") var tlsCert: String?
    @Option(name: .customLong("tls-key"), help: "The certificate's PEM private key.") var tlsKey: String?
    @Option(name: .customLong("self-signed"), help: "The self-signed certificate's directory.")
    var selfSigned: String?
    @Option(name: .customLong("token-limit"), help: "Pushes a minute to one device token (0: no limit).")
    var tokenLimit: Int?
    @Option(name: .customLong("idle-timeout"), help: "Seconds without a stream before GOAWAY IdleTimeout.")
    var idleTimeout: Int?

    func validate() throws {
        if (tlsCert == nil) != (tlsKey == nil) { throw ValidationError("--tls-cert and --tls-key go together") }
        if let tokenLimit, tokenLimit < 0 { throw ValidationError("--token-limit is 0 or more, not \(tokenLimit)") }
        if let idleTimeout, idleTimeout < 1 {
            throw ValidationError("--idle-timeout is 1 or more, not \(idleTimeout)")
        }
    }

    func run() async throws {
        let paths = BatonPaths()
        let setting = APNsServerSetting(
            enabled: true, listen: listen, certificate: tlsCert.map(Self.absolute), key: tlsKey.map(Self.absolute),
            selfSigned: selfSigned.map(Self.absolute), tokenLimit: tokenLimit, idleTimeout: idleTimeout)
        try? FileManager.default.removeItem(at: APNsServerLauncher.addressFile(paths))
        try setting.save(paths: paths)
        try await PidLock.terminateHolderAndWait(of: APNsServerLauncher.lockFile(paths))
        if (try? await DaemonStatus.ping(paths: paths, timeout: .seconds(2))) == nil {
            _ = try await DaemonLauncher.startOnDemand(paths: paths)  // Its start starts the server.
        }
        if let problem = APNsServerLauncher.start(paths: paths), problem != "already running" {
            NotificationCLI.fail("cannot start the APNs server: \(problem)", code: NotificationCLI.ExitCode.failed)
        }
        for _ in 0..<1_500 where Self.address(paths) == nil {  // Up to 30 s: a hang guard.
            try await Task.sleep(for: .milliseconds(20))
        }
        guard let address = APNsOnCommand.address(paths) else {
            let log = paths.logDirectory.appendingPathComponent("apns-server.log").path
            NotificationCLI.fail("the APNs server did not start; see \(log)", code: NotificationCLI.ExitCode.failed)
        }
        print("apns on: https://\(address)")
    }

    static func address(_ paths: BatonPaths) -> String? {
        let text = (try? String(contentsOf: APNsServerLauncher.addressFile(paths), encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return text?.isEmpty == false ? text : nil
    }

    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).path
    }
}

/// `baton apns off`: the daemon stops its APNs server.
struct APNsOffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "off", abstract: "Stop the daemon's APNs server.")

    func run() async throws {
        let paths = BatonPaths()
        if var setting = APNsServerSetting.load(paths: paths) {
            setting.enabled = false
            try setting.save(paths: paths)
        }
        try await PidLock.terminateHolderAndWait(of: APNsServerLauncher.lockFile(paths))
        try? FileManager.default.removeItem(at: APNsServerLauncher.addressFile(paths))
        print("apns off")
    }
}

/// `baton apns status`: whether the daemon serves the provider API, and where.
struct APNsStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Whether the daemon serves the provider API, and where.")
    @Flag(help: "Print JSON: {\"enabled\", \"running\", \"pid\", \"address\"}.") var json = false

    func run() throws {
        let paths = BatonPaths()
        let setting = APNsServerSetting.load(paths: paths)
        let pid = APNsServerLauncher.runningPID(paths: paths)
        let address = pid == nil ? nil : APNsOnCommand.address(paths)
        if json {
            let report: [String: Any?] = [
                "enabled": setting?.enabled ?? false, "running": pid != nil, "pid": pid.map { Int($0) },
                "address": address,
            ]
            return JSONOutput.line(report.compactMapValues { $0 })
        }
        guard let setting, setting.enabled else { return print("apns off") }
        print(
            "apns on: "
                + (address.map { "https://\($0) (pid \(pid.map(String.init) ?? "?"))" }
                    ?? "not running (it starts with the daemon)"))
    }
}
