import BatonEnvironment
import Foundation

/// `baton notifications server on|off`'s setting, kept in the state directory (`notification-server.json`).
public struct NotificationServerSetting: Codable, Equatable, Sendable {
    public var enabled: Bool
    /// Take `org.freedesktop.Notifications` from a running server that allows it (given back on `off`).
    public var replace: Bool
    /// The bus to serve (`DBUS_SESSION_BUS_ADDRESS` when `on` ran, or the private bus of `--bus`).
    public var busAddress: String?
    /// The bus is the private `dbus-daemon` that `--bus` started (stopped again by `off`).
    public var privateBus: Bool
    /// The device notifications are delivered to.
    public var device: String

    public init(enabled: Bool, replace: Bool, busAddress: String?, privateBus: Bool, device: String) {
        self.enabled = enabled
        self.replace = replace
        self.busAddress = busAddress
        self.privateBus = privateBus
        self.device = device
    }

    static func file(_ paths: BatonPaths) -> URL {
        paths.stateDirectory.appendingPathComponent("notification-server.json")
    }

    /// The setting in `paths`' state directory, nil when never set or unreadable.
    public static func load(paths: BatonPaths) -> NotificationServerSetting? {
        guard let data = try? Data(contentsOf: file(paths)) else { return nil }
        return try? JSONDecoder().decode(NotificationServerSetting.self, from: data)
    }

    /// Writes the setting (0600, replaced atomically).
    public func save(paths: BatonPaths) throws {
        try FileManager.default.createDirectory(at: paths.stateDirectory, withIntermediateDirectories: true)
        try PrivateFile.write(try JSONEncoder().encode(self), to: Self.file(paths))
    }
}

/// Starts and finds `baton-notification-server`, the freedesktop notification server (beside `baton`): the
/// daemon starts it when it starts and the setting is on, and `baton notifications server on` does at once. One
/// runs per machine, under a lock whose file holds its pid; it ends when the daemon goes away.
public enum NotificationServerLauncher {
    /// The server's program, a helper (`ResourceLocator.helper`).
    public static var executable: URL {
        ResourceLocator.helper("baton-notification-server")
    }

    /// The lock the running server holds.
    public static func lockFile(_ paths: BatonPaths) -> URL {
        paths.runtimeDirectory.appendingPathComponent("notification-server.lock")
    }

    /// Starts the server when the setting is on and none runs; returns why not otherwise.
    @discardableResult
    public static func start(paths: BatonPaths) -> String? {
        guard let setting = NotificationServerSetting.load(paths: paths), setting.enabled else { return "off" }
        return PidLock.spawnUnlessHeld(lockFile(paths), executable: executable, arguments: [])
    }

    /// The daemon's supervision: starts the server now and again within `interval` whenever it is not running
    /// while the setting is on (it crashed, or its bus came back), for the life of this process.
    public static func supervise(paths: BatonPaths, interval: UInt32 = 5) {
        SupervisedHelper.keep(interval: interval) { start(paths: paths) }
    }

    /// Stops a running server (`off`): it leaves the bus, and a server it replaced gets the name back.
    public static func stop(paths: BatonPaths) {
        PidLock.terminateHolder(of: lockFile(paths))
    }

    /// The pid of the running server, if one holds the lock.
    public static func runningPID(paths: BatonPaths) -> pid_t? { PidLock.holder(of: lockFile(paths)) }
}
