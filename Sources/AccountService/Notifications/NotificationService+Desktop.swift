import BatonEnvironment
import Foundation
import Notifications

/// The desktop bridge follows the user's choices: the setting kept in the state directory (`baton notifications
/// desktop on|off`, read again when it changes), and for each notification what the suite would do with it: no
/// desktop copy for an app that is not allowed or whose alerts are off, a passive notification, or one held by
/// Do Not Disturb (the device's or the account's; time-sensitive and critical ones break through).
extension NotificationService {
    /// The bridge as the setting stands now (started or stopped when it changed).
    func desktopBridge() -> FreedesktopBridge? {
        let file = DesktopNotificationSetting.file(paths: paths)
        let stamp = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
        if let known = desktopStamp, known == stamp { return bridge }
        desktopStamp = .some(stamp)
        let environment = DesktopNotificationSetting.environment(
            ProcessInfo.processInfo.environment, setting: DesktopNotificationSetting.load(from: file))
        if FreedesktopBridge.isWanted(environment) {
            if bridge == nil {
                bridge = FreedesktopBridge.make(environment: environment, loop: eventLoop, logger: logger)
                bridge?.onEvent = { [unowned self] event in self.desktopDid(event) }
            }
        } else if let running = bridge {
            running.stop()
            bridge = nil
        }
        return bridge
    }

    /// Whether `notification` would show as a banner: allowed with alerts on, not passive, not held by Do Not
    /// Disturb.
    func showsOnDesktop(_ notification: DeliveredNotification) -> Bool {
        let settings = appRow(notification.owner).settings
        guard settings.authorizationStatus == .authorized, settings.alertsEnabled else { return false }
        let level = notification.request.content.interruptionLevel
        if level == .passive { return false }
        if level == .timeSensitive || level == .critical { return true }
        let now = clock.now()
        let files = [
            DoNotDisturb.file(paths: paths, device: notification.owner.device), DoNotDisturb.accountFile(paths: paths),
        ]
        return !files.contains { ((try? DoNotDisturb.load(from: $0)) ?? DoNotDisturb()).isOn(at: now) }
    }
}
