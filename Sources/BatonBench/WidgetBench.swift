import BatonEnvironment
import Foundation
import Today

/// `baton bench widget`: launch time and peak RSS of days-remaining through the real host, and
/// `/bin/true` launched the same way as the floor.
enum WidgetBench {
    /// Runs `iterations` updates of days-remaining and as many launches of `/bin/true`.
    static func run(iterations: Int) throws -> (launchMs: [Double], peakRSSKB: [Double], trueLaunchMs: [Double]) {
        let catalog = try WidgetCatalog.load(resources: try ResourceLocator.requireResources())
        guard let widget = catalog.widget(named: "days-remaining") else {
            throw UnknownWidgetError(name: "days-remaining", installed: catalog.widgets.map(\.name))
        }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("baton-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let host = WidgetHost(paths: BatonPaths(environment: ["BATON_HOME": home.path]))
        var launchMs: [Double] = []
        var peakRSSKB: [Double] = []
        var trueLaunchMs: [Double] = []
        for _ in 0..<max(iterations, 1) {
            let outcome = host.update(
                widget, request: host.request(now: Date(), displayMode: .expanded, maximumWidth: 60))
            if let failure = outcome.failure { throw failure }
            launchMs.append(outcome.launchMilliseconds ?? 0)
            peakRSSKB.append(Double(outcome.peakRSSKB))
            trueLaunchMs.append(try LaunchProbe.launchMilliseconds(of: "/bin/true"))
        }
        return (launchMs, peakRSSKB, trueLaunchMs)
    }
}
