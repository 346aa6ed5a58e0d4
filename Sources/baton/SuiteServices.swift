import AccountClient
import BatonEnvironment
import Glibc
import Handoff
import TerminalUI
import Wire

/// The account services one suite process uses: the daemon connection and the Handoff coordinator.
/// Events from the daemon arrive on NIO threads and are posted to the UI thread's port.
final class SuiteServices {
    let client: AccountClient
    let coordinator: HandoffCoordinator
    let dock: HandoffDock
    /// The UI thread's port: apps post their background work's results to it.
    let port: MessagePort

    init(device: String, paths: BatonPaths, port: MessagePort) {
        self.port = port
        client = AccountClient(configuration: AccountClient.Configuration(paths: paths)) { event in port.post(event) }
        coordinator = HandoffCoordinator(deviceName: device, client: client)
        dock = HandoffDock(coordinator: coordinator)
    }

    /// Connects (starting the daemon if needed). The device registers even before any app declares types;
    /// apps that register their manifests later re-register it with their types.
    func start() {
        if !coordinator.hasRegisteredApps {
            client.register(RegisterDevice(name: coordinator.deviceName, pid: getpid(), apps: []))
        }
        client.start()
    }

    func stop() { client.stop() }
}
