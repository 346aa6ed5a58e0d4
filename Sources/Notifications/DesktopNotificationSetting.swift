import BatonEnvironment
import Foundation

/// Whether the daemon shows notifications on the desktop's notification server (the D-Bus bridge), kept in the
/// state directory (`baton notifications desktop on|off`) so that a daemon restarted by a suite, with the
/// suite's environment, still knows. `bus` is the session bus the user turned it on from, used when the
/// daemon's own environment names none.
public struct DesktopNotificationSetting: Codable, Hashable, Sendable {
    public var enabled: Bool
    public var bus: String?

    public init(enabled: Bool, bus: String? = nil) {
        self.enabled = enabled
        self.bus = bus
    }

    /// `<state dir>/desktop-notifications.json`.
    public static func file(paths: BatonPaths) -> URL {
        paths.stateDirectory.appendingPathComponent("desktop-notifications.json")
    }

    /// The saved setting; nil when none was saved (or the file is damaged).
    public static func load(from file: URL) -> DesktopNotificationSetting? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        return try? JSONDecoder().decode(DesktopNotificationSetting.self, from: data)
    }

    public func save(to file: URL) throws {
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(self).write(to: file, options: .atomic)
    }

    /// The daemon's environment with the setting applied: on from the file (with its bus when the environment
    /// names none), or from `BATON_FREEDESKTOP_NOTIFICATIONS=on`; the file's "off" wins over the variable.
    public static func environment(_ environment: [String: String], setting: DesktopNotificationSetting?)
        -> [String: String]
    {
        guard let setting else { return environment }
        var result = environment
        result["BATON_FREEDESKTOP_NOTIFICATIONS"] = setting.enabled ? "on" : "off"
        if setting.enabled, (result["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty, let bus = setting.bus {
            result["DBUS_SESSION_BUS_ADDRESS"] = bus
        }
        return result
    }
}
