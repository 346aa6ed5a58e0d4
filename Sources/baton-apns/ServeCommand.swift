import APNsProvider
import APNsServer
import AccountClient
import ArgumentParser
import BatonEnvironment
import Foundation
import Logging
import NIOCore
import NIOPosix

/// `baton apns serve`: the provider API in the foreground (until interrupted), or as the daemon's supervised
/// server (`--supervised`: the setting of `baton apns on`, under its lock, until the daemon goes away).
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serve APNs' HTTP/2 provider API (POST /3/device/TOKEN) over TLS.",
        discussion: """
            Without --tls-cert/--tls-key, a self-signed certificate for localhost, 127.0.0.1 and ::1 is made in \
            --self-signed DIR (default: the state directory's apns/tls) and kept; providers trust DIR/cert.pem \
            (curl --cacert). Pushes go to the daemon as `baton push --token` sends them. The listening line \
            (`listening on https://HOST:PORT`) goes to standard output.
            """)

    @Option(help: ArgumentHelp("Where to listen (port 0: any free port).", valueName: "host:port"))
    var listen: String = APNsServerSetting.defaultListen
    @Option(name: .customLong("tls-cert"), help: "The server's PEM certificate chain.") var tlsCert: String?
    @Option(name: .customLong("tls-key"), help: "The certificate's PEM private key.") var tlsKey: String?
    @Option(name: .customLong("self-signed"), help: "Make (or reuse) a self-signed certificate in this directory.")
    var selfSigned: String?
    @Option(
        name: .customLong("token-limit"),
        help: "Pushes a minute one device token takes before 429 TooManyRequests (0: no limit).")
    var tokenLimit = DeviceTokenRateLimit.defaultPushes
    @Option(
        name: .customLong("idle-timeout"),
        help: "Seconds a connection may stay without a complete request before GOAWAY IdleTimeout.")
    var idleTimeout = 3600
    @Flag(help: .hidden) var supervised = false
    /// Checks the options and exits (`baton apns serve` asks before it starts a daemon).
    @Flag(name: .customLong("check-options"), help: .hidden) var checkOptions = false

    func validate() throws {
        if (tlsCert == nil) != (tlsKey == nil) { throw ValidationError("--tls-cert and --tls-key go together") }
        if tlsCert != nil, selfSigned != nil {
            throw ValidationError("--self-signed or --tls-cert/--tls-key, not both")
        }
        guard Self.split(listen) != nil else { throw ValidationError("--listen is host:port, not \(listen)") }
        guard idleTimeout > 0 else { throw ValidationError("--idle-timeout is 1 or more, not \(idleTimeout)") }
        guard tokenLimit >= 0 else { throw ValidationError("--token-limit is 0 or more, not \(tokenLimit)") }
    }

    func run() async throws {
        if checkOptions { return }
        let paths = BatonPaths()
        FileLogHandler.bootstrap(file: paths.logDirectory.appendingPathComponent("apns-server.log"))
        let logger = Logger(label: "apns")
        var setting = APNsServerSetting(
            enabled: true, listen: listen, certificate: tlsCert, key: tlsKey, selfSigned: selfSigned,
            tokenLimit: tokenLimit, idleTimeout: idleTimeout)
        // The daemon's child ends when its connection to the daemon does: the pushes' one connection.
        let supervised = supervised
        let sink = DaemonPushSink(paths: paths) { if supervised { Foundation.exit(0) } }
        if supervised {
            guard let saved = APNsServerSetting.load(paths: paths), saved.enabled else { return }
            guard PidLock.hold(APNsServerLauncher.lockFile(paths)) else { return }
            setting = saved
            try await sink.connect()
        }
        guard let (host, port) = Self.split(setting.listen) else { throw ValidationError("bad listen address") }
        let tls: NIOSSLContextFiles
        do {
            tls = try NIOSSLContextFiles(setting: setting, paths: paths)
        } catch {
            logger.error("cannot make the TLS certificate: \(error)")
            throw CleanExit.message("baton apns: cannot make the TLS certificate: \(error)")
        }
        let service = APNsService(
            keys: ProviderKeys(paths: paths), sink: sink,
            tokenLimit: DeviceTokenRateLimit(pushes: setting.tokenLimit ?? tokenLimit), logger: logger)
        let channel: Channel
        let connections = APNsConnections()
        let limits = APNsLimits.fromEnvironment(
            ProcessInfo.processInfo.environment, idleTimeout: .seconds(Int64(setting.idleTimeout ?? idleTimeout)))
        do {
            channel = try await APNsHTTP2Server.start(
                host: host, port: port,
                tls: try APNsHTTP2Server.tlsContext(certificate: tls.certificate, key: tls.key), service: service,
                limits: limits, connections: connections)
        } catch {
            logger.error("cannot listen on \(setting.listen): \(error)")
            FileHandle.standardError.write(Data("baton apns: cannot listen on \(setting.listen): \(error)\n".utf8))
            throw ExitCode.failure
        }
        let bound = "\(host):\(channel.localAddress?.port ?? port)"
        try? Data("\(bound)\n".utf8).write(to: APNsServerLauncher.addressFile(paths))
        logger.info("listening on https://\(bound) (certificate \(tls.certificate))")
        try? StandardOutput.emit(Data("listening on https://\(bound) (certificate \(tls.certificate))\n".utf8))
        let signals = GracefulStop.install(connections: connections, server: channel)
        try await channel.closeFuture.get()
        withExtendedLifetime(signals) {}
        // Closed by a signal: its handler exits once the connections have answered.
        try await Task.sleep(for: .seconds(GracefulStop.grace + 5))
    }

    /// `host:port` (`[::1]:port` for IPv6), nil when it is not.
    static func split(_ text: String) -> (String, Int)? { ListenAddress.split(text) }
}

/// The certificate and key files a setting names, the self-signed ones made when needed.
struct NIOSSLContextFiles {
    var certificate: String
    var key: String

    init(setting: APNsServerSetting, paths: BatonPaths) throws {
        if let certificate = setting.certificate, let key = setting.key {
            self.certificate = certificate
            self.key = key
            return
        }
        let directory =
            setting.selfSigned.map { URL(fileURLWithPath: $0) } ?? APNsServerSetting.defaultSelfSigned(paths)
        let files = try SelfSignedCertificate.ensure(in: directory)
        certificate = files.certificate.path
        key = files.key.path
    }
}
