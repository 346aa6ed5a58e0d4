import BatonEnvironment
import Cartography
import Foundation

/// Where the map of one device was when it last rested, kept in `stores.json` beside the browser's tabs, so
/// Stores reopens there after a restart (a handoff at launch still wins; without either, the device's
/// location, else the world).
public struct StoresPlace: Codable, Hashable, Sendable {
    public var version = 1
    /// The region the map showed.
    public var region: CoordinateRegion
    /// The store selected then, if any.
    public var selectedID: String?

    public init(region: CoordinateRegion, selectedID: String?) {
        self.region = region
        self.selectedID = selectedID
    }

    /// `BatonPaths.deviceDirectory(device)/stores.json`.
    public static func file(paths: BatonPaths, device: String) -> URL {
        paths.deviceDirectory(device).appendingPathComponent("stores.json")
    }

    /// The saved place; nil when none was saved or the file cannot be read (the launch falls back to the
    /// location: a damaged place is not worth a warning).
    public static func load(from file: URL) -> StoresPlace? {
        guard let data = try? PrivateFile.read(file) else { return nil }
        return try? JSONDecoder().decode(StoresPlace.self, from: data)
    }

    /// Writes the file atomically, creating its directory.
    public func save(to file: URL) throws {
        try PrivateFile.write(try JSONEncoder().encode(self), to: file)
    }
}
