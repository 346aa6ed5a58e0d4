import BatonEnvironment
import Cartography
import KeyValueStore
import Stores
import TerminalUI
import Today

/// The apps the suite ships, each appearing in the top bar once it exists.
enum SuiteApps {
    static func make(device: String, paths: BatonPaths, clock: BatonClock, services: SuiteServices) -> [any SuiteApp] {
        let stores = StoresApp(
            resources: ResourceLocator.resourcesDirectory(), appGroupDirectory: paths.appGroupDirectory,
            coordinator: services.coordinator, favorites: KeyValueFavorites(store: services.keyValueStore),
            deviceLocation: { try deviceLocation(device: device, paths: paths) }, launchedAt: clock.now(),
            usesBraille: StoresApp.braillePreferred(), port: services.port)
        return [stores, TodayApp(device: device, paths: paths)]
    }

    /// This device's location as `baton location set` saved it, if any.
    private static func deviceLocation(device: String, paths: BatonPaths) throws -> GeoCoordinate? {
        try DeviceLocation.load(device: device, paths: paths).map {
            GeoCoordinate(latitude: $0.latitude, longitude: $0.longitude)
        }
    }
}
