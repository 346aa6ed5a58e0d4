import Foundation

/// `UNAuthorizationOptions`.
public struct AuthorizationOptions: OptionSet, Codable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let badge = AuthorizationOptions(rawValue: 1 << 0)
    public static let sound = AuthorizationOptions(rawValue: 1 << 1)
    public static let alert = AuthorizationOptions(rawValue: 1 << 2)
    public static let criticalAlert = AuthorizationOptions(rawValue: 1 << 4)
    public static let provisional = AuthorizationOptions(rawValue: 1 << 6)
}

/// `UNAuthorizationStatus`.
public enum AuthorizationStatus: String, Codable, Hashable, Sendable {
    case notDetermined, denied, authorized, provisional
}

/// `UNNotificationSettings`, per app per device: the user's answer and choices.
public struct NotificationSettings: Codable, Hashable, Sendable {
    public var authorizationStatus: AuthorizationStatus
    public var alertsEnabled: Bool
    public var soundsEnabled: Bool
    public var badgesEnabled: Bool
    public var criticalAlertsEnabled: Bool
    /// With false, banners show the app name and "Notification" unless the category allows more.
    public var showPreviews: Bool
    /// A freedesktop program's notifications stay on this machine: not sent to the account's other machines
    /// (`baton notifications settings --other-machines off`, F4's Settings "Machines: this").
    public var keepFromOtherMachines = false

    public init(
        authorizationStatus: AuthorizationStatus = .notDetermined, alertsEnabled: Bool = false,
        soundsEnabled: Bool = false, badgesEnabled: Bool = false, criticalAlertsEnabled: Bool = false,
        showPreviews: Bool = true
    ) {
        self.authorizationStatus = authorizationStatus
        self.alertsEnabled = alertsEnabled
        self.soundsEnabled = soundsEnabled
        self.badgesEnabled = badgesEnabled
        self.criticalAlertsEnabled = criticalAlertsEnabled
        self.showPreviews = showPreviews
    }

    /// The settings of a user who granted `options`.
    public static func granted(_ options: AuthorizationOptions) -> NotificationSettings {
        NotificationSettings(
            authorizationStatus: options.contains(.provisional) ? .provisional : .authorized,
            alertsEnabled: options.contains(.alert), soundsEnabled: options.contains(.sound),
            badgesEnabled: options.contains(.badge), criticalAlertsEnabled: options.contains(.criticalAlert))
    }
}

extension NotificationSettings {
    private enum CodingKeys: String, CodingKey {
        case authorizationStatus, alertsEnabled, soundsEnabled, badgesEnabled, criticalAlertsEnabled, showPreviews,
            keepFromOtherMachines
    }

    /// Settings stored before `keepFromOtherMachines` existed read as false.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            authorizationStatus: try values.decode(AuthorizationStatus.self, forKey: .authorizationStatus),
            alertsEnabled: try values.decode(Bool.self, forKey: .alertsEnabled),
            soundsEnabled: try values.decode(Bool.self, forKey: .soundsEnabled),
            badgesEnabled: try values.decode(Bool.self, forKey: .badgesEnabled),
            criticalAlertsEnabled: try values.decode(Bool.self, forKey: .criticalAlertsEnabled),
            showPreviews: try values.decode(Bool.self, forKey: .showPreviews))
        keepFromOtherMachines = try values.decodeIfPresent(Bool.self, forKey: .keepFromOtherMachines) ?? false
    }
}
