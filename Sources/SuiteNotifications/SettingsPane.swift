import Notifications
import TerminalUI
import TextWidth

/// Notification settings per app on this device (F4, `s`): allow, banners, sounds, badges, previews, quiet
/// delivery, and for a freedesktop program whether its notifications go to the account's other machines
/// ("Machines": all, or this one; "-" for an app).
/// Space toggles the focused one; the change goes to the daemon at once, so the app's
/// `notificationSettings()` reflects it.
public struct SettingsPane: Sendable {
    /// The columns, in order.
    public enum Field: Int, CaseIterable, Sendable {
        case allow, banners, sounds, badges, previews, quiet, machines
        var title: String {
            switch self {
            case .allow: "Allow"
            case .banners: "Banners"
            case .sounds: "Sounds"
            case .badges: "Badges"
            case .previews: "Previews"
            case .quiet: "Quiet"
            case .machines: "Machines"
            }
        }

        /// The column's width: its title or its widest value ("not asked"), whichever is wider.
        var width: Int {
            let widest =
                switch self {
                case .allow: "not asked"
                case .previews: "always"
                default: "off"
                }
            return max(TextWidth.of(title), TextWidth.of(widest))
        }
    }

    /// Columns between two fields: seven fields and a name fit 80 columns.
    static let gap = 2

    public private(set) var row = 0
    public private(set) var field = Field.allow

    public init() {}

    /// The apps listed: every app the suite knows, by name.
    public static func apps(_ names: [String: String]) -> [(bundle: String, name: String)] {
        names.map { ($0.key, $0.value) }.sorted { $0.name < $1.name }
    }

    public mutating func handle(_ press: KeyPress, apps: [(bundle: String, name: String)], ledger: NotificationLedger)
        -> NotificationCommand
    {
        switch press {
        case KeyPress(.up): row = max(0, row - 1)
        case KeyPress(.down): row = min(max(0, apps.count - 1), row + 1)
        case KeyPress(.left): field = Field(rawValue: max(0, field.rawValue - 1)) ?? .allow
        case KeyPress(.right), KeyPress(.tab):
            field = Field(rawValue: min(Field.allCases.count - 1, field.rawValue + 1)) ?? .machines
        case .char(" "), KeyPress(.enter):
            guard apps.indices.contains(row) else { return .ignored }
            let bundle = apps[row].bundle
            guard field != .machines || FreedesktopProgram.isProgram(bundle) else { return .ignored }
            return .changeSettings(Self.toggle(field, of: ledger.settings(of: bundle), bundle: bundle))
        default: return .ignored
        }
        return .handled
    }

    /// The change that flips `field` (an app not allowed yet is allowed first).
    static func toggle(_ field: Field, of settings: NotificationSettings, bundle: String) -> SettingsChangeRequest {
        var change = SettingsChangeRequest(bundleIdentifier: bundle)
        let allowed = settings.authorizationStatus == .authorized || settings.authorizationStatus == .provisional
        switch field {
        case .allow: change.allow = !allowed
        case .banners: change.alerts = !settings.alertsEnabled
        case .sounds: change.sounds = !settings.soundsEnabled
        case .badges: change.badges = !settings.badgesEnabled
        case .previews: change.previews = !settings.showPreviews
        case .quiet: change.quiet = settings.authorizationStatus != .provisional
        case .machines: change.otherMachines = settings.keepFromOtherMachines
        }
        if field != .allow, field != .quiet, !allowed { change.allow = true }
        return change
    }

    public func render(
        in area: Rect, apps: [(bundle: String, name: String)], ledger: NotificationLedger, into buffer: inout CellBuffer
    ) {
        let nameWidth = min(24, max(8, apps.map { TextWidth.of($0.name) }.max() ?? 8))
        var x = area.x + nameWidth + 2
        buffer.put("App", x: area.x, y: area.y, style: Theme.heading, clip: area)
        for column in Field.allCases {
            buffer.put(column.title, x: x, y: area.y, style: Theme.heading, clip: area)
            x += column.width + Self.gap
        }
        for (index, app) in apps.enumerated() where index + 1 < area.height {
            let y = area.y + 1 + index
            let settings = ledger.settings(of: app.bundle)
            buffer.put(TextWidth.truncate(NotificationText.shown(app.name), to: nameWidth), x: area.x, y: y, clip: area)
            let status: String =
                switch settings.authorizationStatus {
                case .authorized: "on"
                case .provisional: "quiet"
                case .denied: "off"
                case .notDetermined: "not asked"
                }
            let values = [
                status, onOff(settings.alertsEnabled), onOff(settings.soundsEnabled), onOff(settings.badgesEnabled),
                settings.showPreviews ? "always" : "never", onOff(settings.authorizationStatus == .provisional),
                FreedesktopProgram.isProgram(app.bundle) ? settings.keepFromOtherMachines ? "this" : "all" : "-",
            ]
            var column = area.x + nameWidth + 2
            for (fieldIndex, field) in Field.allCases.enumerated() {
                let style = index == row && field == self.field ? Theme.selection : Theme.text
                buffer.put(values[fieldIndex], x: column, y: y, style: style, clip: area)
                column += field.width + Self.gap
            }
        }
    }

    private func onOff(_ value: Bool) -> String { value ? "on" : "off" }
}

/// A change to one app's settings on this device, as the pane asks for it (nil leaves a field).
public struct SettingsChangeRequest: Hashable, Sendable {
    public var bundleIdentifier: String
    public var allow: Bool?
    public var alerts: Bool?
    public var sounds: Bool?
    public var badges: Bool?
    public var previews: Bool?
    /// Deliver quietly (provisional) or prominently.
    public var quiet: Bool?
    /// A program's notifications also on the account's other machines.
    public var otherMachines: Bool?
    public init(bundleIdentifier: String, allow: Bool? = nil) {
        self.bundleIdentifier = bundleIdentifier
        self.allow = allow
    }
}
