import BatonEnvironment
import Foundation

/// `baton ntfy on`'s setting, kept in the state directory (`ntfy-server.json`): where the daemon's ntfy
/// endpoint listens.
public struct NtfyServerSetting: Codable, Equatable, Sendable {
    public var enabled: Bool
    /// `host:port`.
    public var listen: String

    public init(enabled: Bool, listen: String) {
        self.enabled = enabled
        self.listen = listen
    }

    /// Where the endpoint listens by default: loopback, on ntfy's own development port.
    public static let defaultListen = "127.0.0.1:2586"

    static func file(_ paths: BatonPaths) -> URL { paths.stateDirectory.appendingPathComponent("ntfy-server.json") }

    /// The setting in `paths`' state directory, nil when never set or unreadable.
    public static func load(paths: BatonPaths) -> NtfyServerSetting? {
        guard let data = try? Data(contentsOf: file(paths)) else { return nil }
        return try? JSONDecoder().decode(NtfyServerSetting.self, from: data)
    }

    /// Writes the setting (0600, replaced atomically).
    public func save(paths: BatonPaths) throws {
        try FileManager.default.createDirectory(at: paths.stateDirectory, withIntermediateDirectories: true)
        try PrivateFile.write(try JSONEncoder().encode(self), to: Self.file(paths))
    }
}

/// Starts and finds the daemon's ntfy endpoint, `baton-ntfy serve --supervised` (beside `baton`), as
/// `APNsServerLauncher` does the APNs one: started with the daemon when the setting is on, again within
/// seconds when it is not running, one per machine under a lock holding its pid, ended with the daemon.
public enum NtfyServerLauncher {
    /// The server's program, a helper (`ResourceLocator.helper`).
    public static var executable: URL { ResourceLocator.helper("baton-ntfy") }

    /// The lock the running server holds.
    public static func lockFile(_ paths: BatonPaths) -> URL {
        paths.runtimeDirectory.appendingPathComponent("ntfy-server.lock")
    }

    /// Where the running server writes the address it listens on (`status`).
    public static func addressFile(_ paths: BatonPaths) -> URL {
        paths.runtimeDirectory.appendingPathComponent("ntfy-server.address")
    }

    /// Starts the server when the setting is on and none runs; returns why not otherwise.
    @discardableResult
    public static func start(paths: BatonPaths) -> String? {
        guard let setting = NtfyServerSetting.load(paths: paths), setting.enabled else { return "off" }
        return PidLock.spawnUnlessHeld(lockFile(paths), executable: executable, arguments: ["serve", "--supervised"])
    }

    /// The daemon's supervision: `start` now and again every `interval` seconds while the daemon lives.
    public static func supervise(paths: BatonPaths, interval: UInt32 = 5) {
        SupervisedHelper.keep(interval: interval) { start(paths: paths) }
    }

    /// The pid of the running server, if one holds the lock.
    public static func runningPID(paths: BatonPaths) -> pid_t? { PidLock.holder(of: lockFile(paths)) }

    /// The address the running server wrote, nil when none.
    public static func address(_ paths: BatonPaths) -> String? {
        let text = (try? String(contentsOf: addressFile(paths), encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return text?.isEmpty == false ? text : nil
    }
}
