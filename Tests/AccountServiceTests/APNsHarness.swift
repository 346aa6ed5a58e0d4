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

    init(sink: (any APNsPushSink)? = nil) async throws {
        daemon = try InProcessDaemon()
        kitchen = try daemon.device("kitchen", apps: [DeviceTokenTests.tea, DeviceTokenTests.coffee])
        directory = daemon.paths.stateDirectory
        keys = ProviderKeys(paths: daemon.paths)
        keyID = try keys.create(team: Self.team)
        let files = try SelfSignedCertificate.ensure(in: directory.appendingPathComponent("tls"))
        let logger = Logger(label: "apns.test") { _ in SwiftLogNoOpLogHandler() }
        let service = APNsService(keys: keys, sink: sink ?? DaemonPushSink(paths: daemon.paths), logger: logger)
        channel = try await APNsHTTP2Server.start(
            host: "127.0.0.1", port: 0,
            tls: try APNsHTTP2Server.tlsContext(certificate: files.certificate.path, key: files.key.path),
            service: service)
        curl = CurlHTTP2(base: "https://127.0.0.1:\(channel.localAddress?.port ?? 0)", caFile: files.certificate.path)
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
