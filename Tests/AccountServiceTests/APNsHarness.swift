import APNsProvider
import APNsServer
import BatonEnvironment
import Crypto
import Foundation
import Logging
import NIOCore
import Notifications
import TestSupport
import Wire

@testable import AccountService

/// An in-process daemon with the APNs server in front of it on a free loopback port, a provider key of team
/// `T3AMID0001`, a self-signed certificate, and the device "kitchen" with tea and coffee.
final class APNsHarness {
    static let team = "T3AMID0001"
    let daemon: InProcessDaemon
    let kitchen: RawDaemonSocket
    let keys: ProviderKeys
    let keyID: String
    let curl: CurlHTTP2
    private let channel: Channel
    private let directory: URL

    let connections = APNsConnections()
    let port: Int
    let caFile: String

    init(
        gate: PushGate? = nil, tokenLimit: DeviceTokenRateLimit = DeviceTokenRateLimit(),
        limits: APNsLimits = APNsLimits()
    ) async throws {
        daemon = try InProcessDaemon()
        kitchen = try daemon.device("kitchen", apps: [DeviceTokenTests.tea, DeviceTokenTests.coffee])
        directory = daemon.paths.stateDirectory
        keys = ProviderKeys(paths: daemon.paths)
        keyID = try keys.create(team: Self.team)
        let files = try SelfSignedCertificate.ensure(in: directory.appendingPathComponent("tls"))
        let logger = Logger(label: "apns.test") { _ in SwiftLogNoOpLogHandler() }
        let service = APNsService(
            keys: keys, sink: GatedSink(gate: gate, inner: DaemonPushSink(paths: daemon.paths)), tokenLimit: tokenLimit,
            logger: logger)
        channel = try await APNsHTTP2Server.start(
            host: "127.0.0.1", port: 0,
            tls: try APNsHTTP2Server.tlsContext(certificate: files.certificate.path, key: files.key.path),
            service: service, limits: limits, connections: connections)
        port = channel.localAddress?.port ?? 0
        caFile = files.certificate.path
        curl = CurlHTTP2(base: "https://127.0.0.1:\(port)", caFile: caFile)
    }

    private var daemonStopped = false

    /// Stops the daemon (its files stay until `stop`): the server then has no daemon behind it.
    func stopDaemon() {
        daemon.stop(keepFiles: true)
        daemonStopped = true
    }

    func stop() async {
        try? await channel.close()
        // A stopped daemon's event loop is gone: stopping it again would wait forever.
        if daemonStopped {
            try? FileManager.default.removeItem(at: daemon.paths.stateDirectory.deletingLastPathComponent())
        } else {
            daemon.stop()
        }
    }

    /// A provider token of this machine's key, issued `age` seconds ago.
    func bearer(age: TimeInterval = 0, keyID: String? = nil, team: String = APNsHarness.team) throws -> String {
        let key = try keys.privateKey(self.keyID)
        return "authorization: bearer "
            + (try ProviderToken.make(
                keyID: keyID ?? self.keyID, team: team, issuedAt: Date().addingTimeInterval(-age), key: key))
    }

    /// The headers of a good alert push to tea.
    func alertHeaders(topic: String = DeviceTokenTests.tea.bundleIdentifier) throws -> [String] {
        ["apns-topic: \(topic)", "apns-push-type: alert", try bearer()]
    }

    /// tea's token on the kitchen.
    func token(_ owner: NotificationOwner = DeviceTokenTests.teaOnKitchen, id: UInt64 = 1) throws -> String {
        try DeviceTokenTests().register(kitchen, owner, id: id).token
    }
}

/// Holds the pushes a harness's server hands over until the test lets them through: `arrived` yields as each
/// one reaches the sink, `open()` lets one through.
final class PushGate: Sendable {
    let arrived: AsyncStream<Void>
    fileprivate let arrival: AsyncStream<Void>.Continuation
    fileprivate let passes: AsyncStream<Void>
    private let pass: AsyncStream<Void>.Continuation

    init() {
        (arrived, arrival) = AsyncStream.makeStream(of: Void.self)
        (passes, pass) = AsyncStream.makeStream(of: Void.self)
    }

    /// Lets one held push through.
    func open() { pass.yield() }
}

/// The daemon's sink, behind a gate when there is one.
private struct GatedSink: APNsPushSink {
    var gate: PushGate?
    var inner: DaemonPushSink

    func submit(_ intake: PushIntake) async -> Result<PushOutcome, APNsRejection> {
        if let gate {
            gate.arrival.yield()
            for await _ in gate.passes { break }
        }
        return await inner.submit(intake)
    }
}
