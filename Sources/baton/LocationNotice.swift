import AccountClient
import BatonEnvironment
import Foundation
import KeyValueStore
import Notifications

/// Tells a running daemon that a device moved, so its location-triggered notifications are evaluated.
/// With no daemon running nothing is pending to fire; the location file is the record either way.
enum LocationNotice {
    static func tellDaemon(device: String, location: DeviceLocation) async {
        let update = LocationUpdate(device: device, latitude: location.latitude, longitude: location.longitude)
        guard let message = try? NotificationMessage.locationChanged(update).wire(requestID: 1) else { return }
        do {
            _ = try await DaemonQuery.request(paths: BatonPaths(), NotificationCLI.stamping(message))
        } catch .notRunning {
            return
        } catch {
            CommandLineRunner.printError("baton: the daemon did not take the new location: \(error)")
        }
    }
}
