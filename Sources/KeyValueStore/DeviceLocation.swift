import BatonEnvironment
import Foundation

/// Where a device says it is (`baton location set LAT LON`), for the Stores app's nearest-store view.
///
/// Stored per device in `<device directory>/location.json`.
public struct DeviceLocation: Codable, Hashable, Sendable {
    public let latitude: Double
    public let longitude: Double

    /// A location; latitude must lie in -90...90 and longitude in -180...180.
    public init(latitude: Double, longitude: Double) throws(DeviceLocationError) {
        guard latitude.isFinite, (-90.0...90.0).contains(latitude) else { throw .latitudeOutOfRange(latitude) }
        guard longitude.isFinite, (-180.0...180.0).contains(longitude) else {
            throw .longitudeOutOfRange(longitude)
        }
        self.latitude = latitude
        self.longitude = longitude
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            latitude: container.decode(Double.self, forKey: .latitude),
            longitude: container.decode(Double.self, forKey: .longitude))
    }

    /// The location saved for `device`, or nil when none is set.
    public static func load(device: String, paths: BatonPaths = BatonPaths()) throws(DeviceLocationError) -> Self? {
        let url = file(device: device, paths: paths)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try JSONDecoder().decode(Self.self, from: PrivateFile.read(url))
        } catch let error as DeviceLocationError {
            throw error
        } catch {
            throw .unreadable(url.path, "\(error)")
        }
    }

    /// Saves this as the location of `device`.
    public func save(device: String, paths: BatonPaths = BatonPaths()) throws(DeviceLocationError) {
        let url = Self.file(device: device, paths: paths)
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try PrivateFile.write(try encoder.encode(self), to: url)
        } catch {
            throw .unwritable(url.path, "\(error)")
        }
    }

    /// Forgets the location of `device` (nothing happens when none is set).
    public static func clear(device: String, paths: BatonPaths = BatonPaths()) throws(DeviceLocationError) {
        let url = file(device: device, paths: paths)
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw .unwritable(url.path, "\(error)")
        }
    }

    private static func file(device: String, paths: BatonPaths) -> URL {
        paths.deviceDirectory(device).appendingPathComponent("location.json")
    }
}

/// Why a device location could not be set or read.
public enum DeviceLocationError: Error, Hashable, Sendable, CustomStringConvertible {
    case latitudeOutOfRange(Double)
    case longitudeOutOfRange(Double)
    case unreadable(String, String)
    case unwritable(String, String)

    public var description: String {
        switch self {
        case .latitudeOutOfRange(let value): "latitude \(value) is out of range: it must lie in -90...90"
        case .longitudeOutOfRange(let value): "longitude \(value) is out of range: it must lie in -180...180"
        case .unreadable(let path, let reason): "cannot read the location in \(path): \(reason)"
        case .unwritable(let path, let reason): "cannot save the location in \(path): \(reason)"
        }
    }
}
