import BatonEnvironment
import Foundation

/// Where the user was in the suite (which app, or About), kept per device in `suite.json` so the suite
/// opens there again after a restart.
public struct ShellPlace: Codable, Hashable, Sendable {
    /// The app shown, by name; nil for About.
    public var app: String?

    public init(app: String?) { self.app = app }

    /// `BatonPaths.deviceDirectory(device)/suite.json`.
    public static func file(paths: BatonPaths, device: String) -> URL {
        paths.deviceDirectory(device).appendingPathComponent("suite.json")
    }

    /// The saved place; nil when none was saved or the file cannot be read (the suite then opens on About).
    public static func load(from file: URL) -> ShellPlace? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        return try? JSONDecoder().decode(ShellPlace.self, from: data)
    }

    /// Saves the place (the directory 0700, the file 0600); a failure only means the next start opens on About.
    public func save(to file: URL) {
        let directory = file.deletingLastPathComponent()
        try? FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        guard let data = try? JSONEncoder().encode(self) else { return }
        let temporary = directory.appendingPathComponent(".suite.json.\(ProcessInfo.processInfo.processIdentifier)")
        guard
            FileManager.default.createFile(
                atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600])
        else { return }
        if rename(temporary.path, file.path) != 0 { try? FileManager.default.removeItem(at: temporary) }
    }
}
