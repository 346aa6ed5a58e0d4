import BatonEnvironment
import Stores
import TerminalUI
import Today

/// The apps the suite ships, each appearing in the top bar once it exists.
enum SuiteApps {
    static func make(device: String, paths: BatonPaths, clock: BatonClock, services: SuiteServices) -> [any SuiteApp] {
        let stores = StoresApp(
            resources: ResourceLocator.resourcesDirectory(), appGroupDirectory: paths.appGroupDirectory,
            coordinator: services.coordinator, favorites: nil, deviceLocation: { nil }, launchedAt: clock.now(),
            usesBraille: StoresApp.braillePreferred(), port: services.port)
        return [stores, TodayApp(device: device, paths: paths)]
    }
}
