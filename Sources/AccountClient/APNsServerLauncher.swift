import BatonEnvironment
import Foundation

/// `baton apns on`'s setting, kept in the state directory (`apns-server.json`): where the daemon's APNs server
/// listens and with which certificate.
public struct APNsServerSetting: Codable, Equatable, Sendable {
    public var enabled: Bool
    /// `host:port`.
    public var listen: String
    /// The PEM certificate chain and key, or nil for the self-signed one in `selfSigned`.
    public var certificate: String?
    public var key: String?
    /// The directory of the self-signed certificate (when `certificate` is nil).
    public var selfSigned: String?
    /// `--token-limit` and `--idle-timeout`; nil: serve's defaults.
    public var tokenLimit: Int?
    public var idleTimeout: Int?

    public init(
        enabled: Bool, listen: String, certificate: String?, key: String?, selfSigned: String?,
        tokenLimit: Int? = nil, idleTimeout: Int? = nil
    ) {
        self.enabled = enabled
        self.listen = listen
        self.certificate = certificate
        self.key = key
        self.selfSigned = selfSigned
        self.tokenLimit = tokenLimit
        self.idleTimeout = idleTimeout
    }

    /// Where APNs' provider API listens by default here (Apple's alternative port, on loopback).
    public static let defaultListen = "127.0.0.1:2197"

    /// The self-signed certificate's default directory: `apns/tls` in the state directory.
    public static func defaultSelfSigned(_ paths: BatonPaths) -> URL {
        paths.stateDirectory.appendingPathComponent("apns/tls", isDirectory: true)
    }

    static func file(_ paths: BatonPaths) -> URL { paths.stateDirectory.appendingPathComponent("apns-server.json") }

    /// The setting in `paths`' state directory, nil when never set or unreadable.
    public static func load(paths: BatonPaths) -> APNsServerSetting? {
        guard let data = try? Data(contentsOf: file(paths)) else { return nil }
        return try? JSONDecoder().decode(APNsServerSetting.self, from: data)
    }

    /// Writes the setting (0600, replaced atomically).
    public func save(paths: BatonPaths) throws {
        try FileManager.default.createDirectory(at: paths.stateDirectory, withIntermediateDirectories: true)
        try PrivateFile.write(try JSONEncoder().encode(self), to: Self.file(paths))
    }
}

/// Starts and finds the daemon's APNs server, `baton-apns serve --supervised` (beside `baton`): a child the
/// daemon starts when it starts and the setting is on, and again within seconds when it is not running. One
/// runs per machine, under a lock whose file holds its pid; it ends when the daemon goes away.
public enum APNsServerLauncher {
    /// The server's program, a helper (`ResourceLocator.helper`).
    public static var executable: URL { ResourceLocator.helper("baton-apns") }

    /// The lock the running server holds.
    public static func lockFile(_ paths: BatonPaths) -> URL {
        paths.runtimeDirectory.appendingPathComponent("apns-server.lock")
    }

    /// Where the running server writes the address it listens on (`status`).
    public static func addressFile(_ paths: BatonPaths) -> URL {
        paths.runtimeDirectory.appendingPathComponent("apns-server.address")
    }

    /// Starts the server when the setting is on and none runs; returns why not otherwise.
    @discardableResult
    public static func start(paths: BatonPaths) -> String? {
        guard let setting = APNsServerSetting.load(paths: paths), setting.enabled else { return "off" }
        return PidLock.spawnUnlessHeld(lockFile(paths), executable: executable, arguments: ["serve", "--supervised"])
    }

    /// The daemon's supervision: starts the server now and again within `interval` whenever it is not running
    /// while the setting is on, for the life of this process.
    public static func supervise(paths: BatonPaths, interval: UInt32 = 5) {
        SupervisedHelper.keep(interval: interval) { start(paths: paths) }
    }

    /// The pid of the running server, if one holds the lock.
    public static func runningPID(paths: BatonPaths) -> pid_t? { PidLock.holder(of: lockFile(paths)) }
}

/// A helper the daemon keeps running: `start` now, and again every `interval` seconds on a thread of its own
/// (each start does nothing while the helper runs or its setting is off).
public enum SupervisedHelper {
    public static func keep(interval: UInt32, start: @escaping @Sendable () -> String?) {
        _ = start()
        Thread.detachNewThread {
            while true {
                sleep(interval)
                _ = start()
            }
        }
    }
}
