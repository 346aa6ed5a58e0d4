import BatonEnvironment
import Foundation

// When the suite last showed the list: what arrived since is summed up in one banner.
extension NotificationsApp {
    var lastSeenFile: URL {
        paths.deviceDirectory(device).appendingPathComponent("notifications-seen")
    }

    func loadLastSeen() -> Date? {
        guard let data = try? PrivateFile.read(lastSeenFile),
            let seconds = Double(String(decoding: data, as: UTF8.self))
        else {
            return nil
        }
        return Date(timeIntervalSince1970: seconds)
    }

    func saveLastSeen() {
        let now = now()
        try? PrivateFile.write(Data(String(now.timeIntervalSince1970).utf8), to: lastSeenFile)
    }
}
