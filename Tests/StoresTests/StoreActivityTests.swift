import Cartography
import Stores
import Testing
import Wire

@Suite("Activity userInfo with the sample's keys")
struct StoreActivityTests {
    static let region = CoordinateRegion(
        center: GeoCoordinate(latitude: 48.86, longitude: 2.35),
        span: CoordinateSpan(latitudeDelta: 0.5, longitudeDelta: 0.8))

    @Test("a map-viewing userInfo restores the same region, under the sample's keys")
    func roundTrip() throws {
        let info = StoreActivity.userInfo(region: Self.region)
        #expect(Set(info.keys) == StoreActivity.mapViewingKeys)
        #expect(info["com.example.apple-samplecode.HandoffMapViewer.regionCenterLatitude"] == .double(48.86))
        #expect(try StoreActivity.region(from: info) == Self.region)
    }

    @Test("a store-editing userInfo carries the region, the store's URL and coordinates")
    func storeEditing() throws {
        let store = StoresStateTests.store("X", 1.5, 2.5, name: "Xray")
        let info = StoreActivity.userInfo(region: Self.region, store: store)
        #expect(Set(info.keys) == StoreActivity.storeEditingKeys)
        #expect(try StoreActivity.storeURL(from: info) == "https://www.apple.com/retail/xray/")
        #expect(info[StoreActivity.Key.storeEditingLatitude] == .double(1.5))
        #expect(try StoreActivity.region(from: info) == Self.region)
    }

    @Test("integers are accepted as numbers")
    func integers() throws {
        var info = StoreActivity.userInfo(region: Self.region)
        info[StoreActivity.Key.regionCenterLatitude] = .int(10)
        #expect(try StoreActivity.region(from: info).center.latitude == 10)
    }

    @Test("missing keys, wrong types and out-of-range values are refused with a clear error")
    func badInput() {
        var info = StoreActivity.userInfo(region: Self.region)
        info[StoreActivity.Key.regionSpanLongitude] = nil
        #expect(throws: StoreActivityError.missing(StoreActivity.Key.regionSpanLongitude)) {
            try StoreActivity.region(from: info)
        }
        info = StoreActivity.userInfo(region: Self.region)
        info[StoreActivity.Key.regionCenterLongitude] = .string("east")
        #expect(throws: StoreActivityError.wrongType(StoreActivity.Key.regionCenterLongitude, expected: "a number")) {
            try StoreActivity.region(from: info)
        }
        info = StoreActivity.userInfo(region: Self.region)
        info[StoreActivity.Key.regionCenterLatitude] = .double(123)
        #expect(throws: StoreActivityError.self) { try StoreActivity.region(from: info) }
        info = StoreActivity.userInfo(region: Self.region)
        info[StoreActivity.Key.regionSpanLatitude] = .double(0)
        #expect(throws: StoreActivityError.self) { try StoreActivity.region(from: info) }
        #expect(
            StoreActivityError.missing(StoreActivity.Key.storeEditingURL).description
                == "the activity has no storeEditingURL")
        #expect(throws: StoreActivityError.missing(StoreActivity.Key.storeEditingURL)) {
            try StoreActivity.storeURL(from: info)
        }
    }
}
