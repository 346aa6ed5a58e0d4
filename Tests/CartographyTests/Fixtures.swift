import Foundation
import Testing

@testable import Cartography

/// Paths and shared data for the Cartography tests.
enum Fixtures {
  /// The repository's `Resources/` directory, found from this file's location.
  static let resources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Resources", isDirectory: true)

  static func land() throws -> LandGeometry {
    try LandGeometry(resourcesDirectory: resources)
  }

  static func dataset() throws -> StoreDataset {
    try StoreDataset(resourcesDirectory: resources)
  }

  /// A store at a coordinate, every other field filled in.
  static func store(
    _ id: String, latitude: Double, longitude: Double, name: String? = nil, city: String = "Town",
    country: String = "US"
  )
    -> StoreRecord
  {
    StoreRecord(
      id: id, name: name ?? "Store \(id)", slug: id.lowercased(), address: "", city: city,
      region: "",
      postalCode: "", country: country,
      coordinate: GeoCoordinate(latitude: latitude, longitude: longitude),
      precision: .store, timezone: "UTC", url: "https://www.apple.com/retail/\(id.lowercased())/")
  }
}

/// Compares rendered text with a file in `Golden/`; `BATON_UPDATE_GOLDEN=1` rewrites the file instead.
enum Golden {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden", isDirectory: true)

  static func check(
    _ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let file = directory.appendingPathComponent(name)
    let content = text + "\n"
    if ProcessInfo.processInfo.environment["BATON_UPDATE_GOLDEN"] == "1" {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try content.write(to: file, atomically: true, encoding: .utf8)
      return
    }
    let expected = try? String(contentsOf: file, encoding: .utf8)
    #expect(
      expected == content,
      "\(name) differs from the golden file (run with BATON_UPDATE_GOLDEN=1 to accept)",
      sourceLocation: sourceLocation)
  }
}
