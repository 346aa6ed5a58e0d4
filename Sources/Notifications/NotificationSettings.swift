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
