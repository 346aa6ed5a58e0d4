import BatonEnvironment
import Foundation
import KeyValueStore
import Testing

/// The public location API the Stores app reads.
struct DeviceLocationTests {
    @Test func locationsOutsideTheGlobeAreRefused() {
        #expect(throws: DeviceLocationError.latitudeOutOfRange(90.5)) {
            try DeviceLocation(latitude: 90.5, longitude: 0)
        }
        #expect(throws: DeviceLocationError.longitudeOutOfRange(-181)) {
            try DeviceLocation(latitude: 0, longitude: -181)
        }
        #expect(throws: DeviceLocationError.self) { try DeviceLocation(latitude: .nan, longitude: 0) }
    }

    @Test func savedLocationsAreReadBackPerDeviceAndADamagedFileIsAnError() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("baton-location-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let paths = BatonPaths(environment: ["BATON_HOME": home.path])
        try DeviceLocation(latitude: -33.8688, longitude: 151.2093).save(device: "sydney", paths: paths)
        #expect(
            try DeviceLocation.load(device: "sydney", paths: paths)
                == DeviceLocation(latitude: -33.8688, longitude: 151.2093))
        #expect(try DeviceLocation.load(device: "elsewhere", paths: paths) == nil)

        let file = paths.deviceDirectory("sydney").appendingPathComponent("location.json")
        try Data(#"{"latitude": 123, "longitude": 0}"#.utf8).write(to: file)
        #expect(throws: DeviceLocationError.self) { try DeviceLocation.load(device: "sydney", paths: paths) }
        try DeviceLocation.clear(device: "sydney", paths: paths)
        #expect(try DeviceLocation.load(device: "sydney", paths: paths) == nil)
    }
}
