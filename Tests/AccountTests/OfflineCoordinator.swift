import AccountClient
import BatonEnvironment
import Foundation
import Handoff

/// A coordinator whose client never connects (no daemon executable), with one registered probe app.
enum OfflineCoordinator {
    static let probeType = "com.example.probe.view"

    static func make(hooks: any HandoffAppHooks) -> (HandoffCoordinator, HandoffApp) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("baton-offline-\(UUID().uuidString)")
        let client = AccountClient(
            configuration: .init(paths: BatonPaths(environment: ["BATON_HOME": home.path]), daemonExecutable: nil),
            sink: { _ in })
        let coordinator = HandoffCoordinator(deviceName: "here", client: client)
        let app = coordinator.register(
            manifest: AppManifest(
                bundleIdentifier: "com.example.Probe", teamIdentifier: "BATONTEAM1", displayName: "Probe",
                activityTypes: [probeType]),
            hooks: hooks)
        return (coordinator, app)
    }
}
