import AccountClient
import BatonEnvironment
import Glibc
import Handoff
import KeyValueStore
import TerminalUI
import Wire

/// The account services one suite process uses: the daemon connection, the Handoff coordinator and the
/// key-value store.
/// Events from the daemon arrive on NIO threads and are posted to the UI thread's port.
final class SuiteServices {
    let client: AccountClient
    let coordinator: HandoffCoordinator
    /// The account's key-value store (favourites); made before the client starts so it sees the first connect.
    let keyValueStore: UbiquitousKeyValueStore
    let dock: HandoffDockSource
    /// The UI thread's port: apps post their background work's results to it.
    let port: MessagePort

    init(device: String, paths: BatonPaths, port: MessagePort) {
        self.port = port
        client = AccountClient(configuration: AccountClient.Configuration(paths: paths)) { event in
            AccountEventRouting.post(event, to: port)
        }
        coordinator = HandoffCoordinator(deviceName: device, client: client)
        keyValueStore = UbiquitousKeyValueStore(deviceName: device, client: client, paths: paths)
        dock = HandoffDockSource(coordinator: coordinator)
    }

    /// Connects (starting the daemon if needed). The device registers even before any app declares types;
    /// apps that register their manifests later re-register it with their types.
    func start() {
        if !coordinator.hasRegisteredApps {
            client.register(RegisterDevice(name: coordinator.deviceName, pid: getpid(), apps: []))
        }
        client.start()
    }

    /// Saves unsent key-value writes and disconnects.
    func stop() {
        _ = keyValueStore.synchronize()
        client.stop()
    }
}
