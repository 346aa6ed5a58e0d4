import BatonEnvironment
import Foundation
import Notifications

extension NotificationService {
    /// Whether any device still has `identifier` of `bundle` among its delivered notifications.
    func isDelivered(bundle: String, identifier: String) -> Bool {
        delivered.contains { owner, list in
            owner.bundleIdentifier == bundle && list.contains { $0.request.identifier == identifier }
        }
    }

    func appRow(_ owner: NotificationOwner) -> NotificationTable.AppRow {
        if let row = apps[owner] { return row }
        let settings: NotificationSettings =
            owner.bundleIdentifier == Self.cliBundleIdentifier
            ? .granted([.alert, .sound, .badge]) : NotificationSettings()
        return NotificationTable.AppRow(settings: settings, categories: [], badge: nil)
    }

    func saveApp(_ owner: NotificationOwner, _ row: NotificationTable.AppRow) {
        apps[owner] = row
        table.write { db in try NotificationTable.saveApp(owner, row, in: db) }
    }

    /// Why `owner` names no known app or device (`requester`, the asking device, is always known).
    func unknown(_ owner: NotificationOwner, requester: String?) -> String? {
        if !knownApps.contains(owner.bundleIdentifier) {
            return "unknown app \(BoundedQuote.quote(owner.bundleIdentifier)): no device of this account has it"
        }
        if owner.device != requester, !knownDevices.contains(owner.device) {
            return "unknown device \(BoundedQuote.quote(owner.device))"
        }
        return nil
    }

    /// Whether `device` is here to receive: its registered connection, or a follower of that device.
    func isPresent(_ device: String) -> Bool {
        devices.connection(named: device) != nil || followers.values.contains { $0.filter.device == device }
    }

    static func applying(_ change: SettingsChange, to settings: NotificationSettings) -> NotificationSettings {
        var settings = settings
        if let allow = change.allow {
            settings = allow ? .granted([.alert, .sound, .badge]) : NotificationSettings(authorizationStatus: .denied)
        }
        if let sounds = change.sounds { settings.soundsEnabled = sounds }
        if let badges = change.badges { settings.badgesEnabled = badges }
        if let alerts = change.alerts { settings.alertsEnabled = alerts }
        if let previews = change.previews { settings.showPreviews = previews }
        return settings
    }

    func tellFollowers(_ message: NotificationMessage, owner: NotificationOwner) {
        for follower in followers.values where follower.filter.matches(owner) {
            send(message, requestID: follower.requestID, to: follower.connection)
        }
    }
}
