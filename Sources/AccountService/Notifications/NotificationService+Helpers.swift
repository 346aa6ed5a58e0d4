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

    /// `owner`'s app as kept, or its defaults: the CLI and every freedesktop program are allowed until the user
    /// turns them off (a program never asks: every freedesktop server shows every program's notifications); an
    /// app is not asked yet. A program's row kept as "not asked" (before programs were allowed) is allowed too.
    func appRow(_ owner: NotificationOwner) -> NotificationTable.AppRow {
        let allowedByDefault =
            owner.bundleIdentifier == Self.cliBundleIdentifier || FreedesktopProgram.isProgram(owner.bundleIdentifier)
        var row = apps[owner] ?? NotificationTable.AppRow(settings: NotificationSettings(), categories: [], badge: nil)
        if allowedByDefault, row.settings.authorizationStatus == .notDetermined {
            row.settings = .granted([.alert, .sound, .badge])
        }
        return row
    }

    /// Keeps a freedesktop program's row with the name `content` gives (the first time, or a new name): it is
    /// listed in the settings from its first notification on.
    func rememberProgram(_ owner: NotificationOwner, _ content: NotificationContent) {
        guard FreedesktopProgram.isProgram(owner.bundleIdentifier) else { return }
        var row = appRow(owner)
        let name = FreedesktopProgram.name(in: content) ?? row.name
        guard apps[owner] == nil || row.name != name else { return }
        row.name = name
        saveApp(owner, row)
    }

    /// Every app of `filter` with settings kept, and the CLI's own on the filter's device, by device and app.
    func appList(_ filter: NotificationFilter) -> [AppSettingsEntry] {
        var owners = Set(apps.keys.filter { filter.matches($0) })
        if let device = filter.device {
            let cli = NotificationOwner(bundleIdentifier: Self.cliBundleIdentifier, device: device)
            if filter.matches(cli) { owners.insert(cli) }
        }
        return owners.sorted { ($0.device, $0.bundleIdentifier) < ($1.device, $1.bundleIdentifier) }.map { owner in
            let row = appRow(owner)
            return AppSettingsEntry(owner: owner, name: row.name, settings: row.settings)
        }
    }

    func saveApp(_ owner: NotificationOwner, _ row: NotificationTable.AppRow) {
        setApp(owner, row)
        table.write { db in try NotificationTable.saveApp(owner, row, in: db) }
    }

    /// Why `owner` names no known app or device (`requester`, the asking device, is always known).
    func unknown(_ owner: NotificationOwner, requester: String?) -> String? {
        // A freedesktop program is any program on the machine: it may be turned off before it ever posts.
        if !knownApps.contains(owner.bundleIdentifier), !FreedesktopProgram.isProgram(owner.bundleIdentifier) {
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
            let kept = settings.keepFromOtherMachines
            settings = allow ? .granted([.alert, .sound, .badge]) : NotificationSettings(authorizationStatus: .denied)
            settings.keepFromOtherMachines = kept
        }
        if let quiet = change.quiet {
            // Quiet delivery is allowed delivery (turning it on allows an app that was off), in the list only.
            if settings.authorizationStatus != .authorized, settings.authorizationStatus != .provisional {
                let kept = settings.keepFromOtherMachines
                settings = .granted([.alert, .sound, .badge])
                settings.keepFromOtherMachines = kept
            }
            settings.authorizationStatus = quiet ? .provisional : .authorized
        }
        if let otherMachines = change.otherMachines { settings.keepFromOtherMachines = !otherMachines }
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
