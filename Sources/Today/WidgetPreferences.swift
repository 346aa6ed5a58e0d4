import BatonEnvironment
import Foundation

/// The widgets a device shows, in order; saved as `widgets.json` in the device's directory.
///
/// Like iOS the user adds widgets; a first run starts with Days Remaining, which can be removed.
public struct WidgetPreferences: Codable, Sendable, Equatable {
    /// Bundle identifiers of the enabled widgets, top first.
    public var enabled: [String]

    /// What a device shows before the user has edited anything.
    public static let firstRun = WidgetPreferences(enabled: ["com.baton.today.days-remaining"])

    public init(enabled: [String]) {
        self.enabled = enabled
    }

    /// The preferences file of `device`.
    public static func file(paths: BatonPaths, device: String) -> URL {
        paths.deviceDirectory(device).appendingPathComponent("widgets.json")
    }

    /// The saved preferences, or the first-run default when there are none yet.
    public static func load(from file: URL) throws -> WidgetPreferences {
        guard FileManager.default.fileExists(atPath: file.path) else { return .firstRun }
        do {
            return try JSONDecoder().decode(WidgetPreferences.self, from: PrivateFile.read(file))
        } catch {
            throw WidgetPreferencesError.unreadable(file.path)
        }
    }

    /// Writes the preferences atomically, creating the device directory.
    public func save(to file: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try PrivateFile.write(try encoder.encode(self), to: file)
    }

    /// Adds a widget at the bottom; nothing when it is already there.
    public mutating func add(_ identifier: String) {
        guard !enabled.contains(identifier) else { return }
        enabled.append(identifier)
    }

    /// Removes a widget.
    public mutating func remove(_ identifier: String) {
        enabled.removeAll { $0 == identifier }
    }

    /// Moves a widget `offset` places (negative: up), staying within the list.
    public mutating func move(_ identifier: String, by offset: Int) {
        guard let index = enabled.firstIndex(of: identifier) else { return }
        let target = min(max(index + offset, 0), enabled.count - 1)
        guard target != index else { return }
        enabled.remove(at: index)
        enabled.insert(identifier, at: target)
    }

    /// The enabled widgets that are installed, in order (a widget since uninstalled is skipped).
    public func installed(in catalog: WidgetCatalog) -> [WidgetManifest] {
        enabled.compactMap { catalog.widget(identifier: $0) }
    }
}

/// A `widgets.json` that cannot be read.
public enum WidgetPreferencesError: Error, Equatable, CustomStringConvertible {
    case unreadable(String)

    public var description: String {
        switch self {
        case .unreadable(let path): "\(path) is not a widget list ({\"enabled\": [bundle identifiers]})"
        }
    }
}
