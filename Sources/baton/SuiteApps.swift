import BatonEnvironment
import TerminalUI
import Today

/// The apps the suite ships, each appearing in the top bar once it exists.
enum SuiteApps {
    static func make(device: String, paths: BatonPaths, clock: BatonClock, services: SuiteServices) -> [any SuiteApp] {
        [TodayApp(device: device, paths: paths)]
    }
}
