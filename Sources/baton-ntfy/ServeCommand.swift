import AccountClient
import ArgumentParser
import BatonEnvironment
import Foundation
import Logging
import NIOCore
import NIOPosix
import NtfyServer

/// `baton ntfy serve`: the endpoint in the foreground (until interrupted), or as the daemon's supervised server
/// (`--supervised`: the setting of `baton ntfy on`, under its lock, until the daemon goes away).
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serve ntfy's HTTP API (publish PUT/POST /TOPIC, subscribe /TOPIC/json).",
        discussion: """
            Each message is a notification of the app org.freedesktop.ntfy.TOPIC on every device of the \
            account (and its other machines). The listening line (`listening on http://HOST:PORT`) goes to \
            standard output.
            """)

    @Option(help: ArgumentHelp("Where to listen (port 0: any free port).", valueName: "host:port"))
    var listen: String = NtfyServerSetting.defaultListen
    @Flag(help: .hidden) var supervised = false
    /// Checks the options and exits (`baton ntfy serve` asks before it starts a daemon).
    @Flag(name: .customLong("check-options"), help: .hidden) var checkOptions = false

    func validate() throws {
        guard ListenAddress.split(listen) != nil else { throw ValidationError("--listen is host:port, not \(listen)") }
    }

    func run() async throws {
        if checkOptions { return }
        let paths = BatonPaths()
        FileLogHandler.bootstrap(file: paths.logDirectory.appendingPathComponent("ntfy-server.log"))
        let logger = Logger(label: "ntfy")
        var listen = listen
        let supervised = supervised
        let sink = DaemonNtfySink(paths: paths) { if supervised { Foundation.exit(0) } }
        if supervised {
            guard let saved = NtfyServerSetting.load(paths: paths), saved.enabled else { return }
            guard PidLock.hold(NtfyServerLauncher.lockFile(paths)) else { return }
            listen = saved.listen
            try await sink.connect()
        }
        guard let (host, port) = ListenAddress.split(listen) else { throw ValidationError("bad listen address") }
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let limits = NtfyHTTPServer.Limits.fromEnvironment(ProcessInfo.processInfo.environment)
        var service = NtfyService(
            sink: sink, device: DeviceName.outsideTerminal(), logger: logger,
            schedule: { seconds, work in
                _ = loop.scheduleTask(in: .milliseconds(Int64(max(0, seconds) * 1000))) { work() }
            })
        service.tokens = { NtfyTokens.load(paths: paths) }
        service.rateLimit = NtfyRateLimit(
            burst: limits.burst, refill: TimeInterval(limits.refillMilliseconds) / 1000)
        let channel: Channel
        do {
            channel = try await NtfyHTTPServer.start(
                host: host, port: port, service: service, limits: limits)
        } catch {
            logger.error("cannot listen on \(listen): \(error)")
            FileHandle.standardError.write(Data("baton ntfy: cannot listen on \(listen): \(error)\n".utf8))
            throw ExitCode.failure
        }
        let bound = "\(host.contains(":") ? "[\(host)]" : host):\(channel.localAddress?.port ?? port)"
        try? Data("\(bound)\n".utf8).write(to: NtfyServerLauncher.addressFile(paths))
        logger.info("listening on http://\(bound)")
        try? StandardOutput.emit(Data("listening on http://\(bound)\n".utf8))
        try await channel.closeFuture.get()
    }

}
