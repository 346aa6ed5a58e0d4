import Cartography
import Foundation
import Handoff
import Stores
import TerminalUI
import Testing
import Wire

@Suite("Stores handoff: activities made and restored")
struct StoresHandoffTests {
    static let london = CoordinateRegion(
        center: GeoCoordinate(latitude: 51.51, longitude: -0.13),
        span: CoordinateSpan(latitudeDelta: 0.3, longitudeDelta: 0.5))

    static func activity(_ type: String, _ userInfo: [String: PropertyListValue], app: HandoffApp) -> UserActivity {
        let activity = UserActivity(activityType: type, app: app)
        activity.userInfo = userInfo
        return activity
    }

    @Test("the map activity becomes current after the map rests, with the region under the sample's keys")
    func mapActivity() throws {
        let coordinator = StoresHarness.offlineCoordinator()
        let harness = try StoresHarness.launched(coordinator: coordinator)
        harness.app.appear(context: harness.context)
        harness.press(.char("+"))
        #expect(harness.timers[LoopTimer(StoresTimer.mapActivity)] == 0.3)
        harness.fire(.mapActivity)
        let current = try #require(coordinator.currentActivity)
        #expect(current.activityType == StoreActivity.mapViewingType)
        #expect(current.title == "Viewing Map")
        let region = try StoreActivity.region(from: current.userInfo ?? [:])
        #expect(abs(region.center.latitude - harness.app.state.region.center.latitude) < 1e-9)
    }

    @Test("details make store-editing current; Esc hands back to the map activity")
    func storeActivity() throws {
        let coordinator = StoresHarness.offlineCoordinator()
        let harness = try StoresHarness.launched(coordinator: coordinator)
        harness.app.appear(context: harness.context)
        harness.press(.char("/"))
        harness.type("Regent Street")
        harness.press(KeyPress(.enter))
        harness.press(KeyPress(.enter))
        let current = try #require(coordinator.currentActivity)
        #expect(current.activityType == StoreActivity.storeEditingType)
        #expect(
            try StoreActivity.storeURL(from: current.userInfo ?? [:]) == "https://www.apple.com/uk/retail/regentstreet/"
        )
        harness.press(KeyPress(.escape))
        #expect(harness.app.state.detailsID == nil)
        #expect(coordinator.currentActivity == nil)
        harness.fire(.mapActivity)
        #expect(coordinator.currentActivity?.activityType == StoreActivity.mapViewingType)
    }

    @Test("continuing store-editing restores the region and opens the store's details, also before the load")
    func restoreStoreEditing() throws {
        let coordinator = StoresHarness.offlineCoordinator()
        let harness = try StoresHarness(coordinator: coordinator)
        let app = try #require(coordinator.app("com.example.apple-samplecode.Stores"))
        let store = StoresStateTests.store("R092", 51.51427, -0.14195, name: "Regent Street")
        var info = StoreActivity.userInfo(region: Self.london, store: store)
        info[StoreActivity.Key.storeEditingURL] = .string("https://www.apple.com/uk/retail/regentstreet/")
        #expect(harness.handoff(.willContinue(activityType: StoreActivity.storeEditingType)))
        #expect(harness.app.isContinuing)
        var restored: [any UserActivityRestoring] = []
        let activity = Self.activity(StoreActivity.storeEditingType, info, app: app)
        #expect(harness.handoff(.continue(activity, restoration: { restored = $0 })))
        for object in restored { object.restoreUserActivityState(activity) }
        #expect(!harness.app.isContinuing)
        #expect(harness.app.state.detailsID == nil)
        harness.deliver()
        #expect(harness.app.state.detailsStore?.name == "Regent Street")
        #expect(abs(harness.app.state.region.center.latitude - 51.51) < 0.01)
        harness.fire(.launchRegion)
        #expect(abs(harness.app.state.region.center.latitude - 51.51) < 0.01)
    }

    @Test("continuing map-viewing within the launch window wins over the device location")
    func restoreMapViewing() throws {
        let coordinator = StoresHarness.offlineCoordinator()
        let harness = try StoresHarness(
            location: GeoCoordinate(latitude: 35.68, longitude: 139.75), coordinator: coordinator)
        harness.deliver()
        let app = try #require(coordinator.app("com.example.apple-samplecode.Stores"))
        harness.restore(
            Self.activity(StoreActivity.mapViewingType, StoreActivity.userInfo(region: Self.london), app: app))
        harness.fire(.launchRegion)
        #expect(abs(harness.app.state.region.center.longitude - -0.13) < 0.01)
        #expect(harness.app.state.rows.first?.city == "London")
    }

    @Test("a bad userInfo is a clear banner and leaves the map as it was")
    func badUserInfo() throws {
        let coordinator = StoresHarness.offlineCoordinator()
        let harness = try StoresHarness.launched(coordinator: coordinator)
        let app = try #require(coordinator.app("com.example.apple-samplecode.Stores"))
        let before = harness.app.state.viewport
        harness.restore(
            Self.activity(StoreActivity.mapViewingType, ["nothing": .bool(true)], app: app))
        #expect(harness.app.state.viewport == before)
        #expect(harness.banners.last?.text.contains("regionCenterLatitude") == true)
    }

    @Test("the source closes its details when it hears the store was continued elsewhere")
    func wasContinued() throws {
        let coordinator = StoresHarness.offlineCoordinator()
        let harness = try StoresHarness.launched(coordinator: coordinator)
        harness.app.appear(context: harness.context)
        harness.press(KeyPress(.enter))
        let current = try #require(coordinator.currentActivity)
        #expect(harness.app.state.detailsID != nil)
        harness.handoff(.wasContinued(current))
        #expect(harness.app.state.detailsID == nil)
    }
}
