import BatonEnvironment
import Foundation

/// The tabs of one device as saved in `browser.json`, so the browser reopens where it was.
public struct BrowserSnapshot: Codable, Hashable, Sendable {
    /// One saved tab.
    public struct Tab: Codable, Hashable, Sendable {
        public var kind: TabKind
        public var history: TabHistory
    }

    public var version = 1
    public var tabs: [Tab]
    public var selected: Int

    public init(tabs: [Tab], selected: Int) {
        self.tabs = tabs
        self.selected = selected
    }

    /// `BatonPaths.deviceDirectory(device)/browser.json`.
    public static func file(paths: BatonPaths, device: String) -> URL {
        paths.deviceDirectory(device).appendingPathComponent("browser.json")
    }

    /// The saved tabs, or nil when nothing was saved yet; a damaged file is an error.
    public static func load(from file: URL) throws(SnapshotError) -> BrowserSnapshot? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        do {
            return try JSONDecoder().decode(BrowserSnapshot.self, from: PrivateFile.read(file))
        } catch {
            throw .unreadable(path: file.path, reason: "\(error)")
        }
    }

    /// Writes the file atomically, creating its directory.
    public func save(to file: URL) throws(SnapshotError) {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try PrivateFile.write(try encoder.encode(self), to: file)
        } catch {
            throw .unwritable(path: file.path, reason: "\(error)")
        }
    }
}

/// `browser.json` could not be read or written.
public enum SnapshotError: Error, CustomStringConvertible, Equatable {
    case unreadable(path: String, reason: String)
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read the saved tabs \(path): \(reason)"
        case .unwritable(let path, let reason): "cannot save the tabs to \(path): \(reason)"
        }
    }
}
