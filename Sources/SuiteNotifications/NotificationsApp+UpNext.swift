import BatonEnvironment
import Foundation
import Notifications
import SuiteMessages
import TerminalUI
import WidgetExtensionKit

// Today's Up Next widget: this device's next notifications, in the app group.
extension NotificationsApp {
    /// This device's next notifications for Today's Up Next widget (in the app group), and a nudge to
    /// Today when they changed.
    func writeUpNext() {
        let now = now()
        let entries = ledger.pending.compactMap { pending -> UpNextFile.Entry? in
            guard let date = pending.nextFireDate, date > now else { return nil }
            let content = pending.request.content
            return UpNextFile.Entry(
                title: NotificationText.shown(content.title.isEmpty ? pending.request.identifier : content.title),
                app: NotificationText.shown(appName(pending.owner.bundleIdentifier)),
                fireDate: date.timeIntervalSince1970)
        }.prefix(5)
        guard Array(entries) != lastUpNext else { return }
        lastUpNext = Array(entries)
        let file = paths.appGroupDirectory.appendingPathComponent(UpNextFile.fileName)
        var upNext =
            (try? PrivateFile.read(file)).flatMap { try? JSONDecoder().decode(UpNextFile.self, from: $0) }
            ?? UpNextFile()
        upNext.devices[device] = Array(entries)
        do {
            try PrivateFile.write(try JSONEncoder().encode(upNext), to: file)
            port.post(AppGroupChanged(fileName: UpNextFile.fileName), to: .everyApp)
        } catch {
            logger.warning("cannot write the Up Next file", metadata: ["error": "\(error)"])
        }
    }
}
