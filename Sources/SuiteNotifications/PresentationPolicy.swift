import Notifications
import UserNotifications

/// What the suite does with one arriving notification.
public struct Presentation: Hashable, Sendable {
    public var banner: Bool
    public var list: Bool
    public var sound: Bool
    public var badge: Bool
    /// How long the banner stays unless focused (time-sensitive ones stay longer).
    public var bannerSeconds: Double

    public init(banner: Bool, list: Bool, sound: Bool, badge: Bool, bannerSeconds: Double = 5) {
        self.banner = banner
        self.list = list
        self.sound = sound
        self.badge = badge
        self.bannerSeconds = bannerSeconds
    }

    public static let nothing = Presentation(banner: false, list: false, sound: false, badge: false)
}

/// Decides how a notification is presented, as iOS does: the frontmost app's `willPresent` answer when it
/// gave one, else the user's settings; then interruption levels and Do Not Disturb.
public enum PresentationPolicy {
    public static let bannerSeconds = 5.0
    public static let timeSensitiveBannerSeconds = 10.0

    /// - Parameters:
    ///   - appAnswer: the frontmost app's `willPresent` (nil: the app is not frontmost or let settings decide).
    ///   - doNotDisturb: whether Do Not Disturb holds banners and bells now.
    public static func decide(
        content: NotificationContent, settings: NotificationSettings, appAnswer: PresentationOptions?,
        doNotDisturb: Bool
    ) -> Presentation {
        switch settings.authorizationStatus {
        case .denied, .notDetermined: return .nothing
        case .provisional:
            // Delivered quietly: to the list only.
            return Presentation(banner: false, list: true, sound: false, badge: false)
        case .authorized: break
        }
        var options: PresentationOptions = appAnswer ?? [.banner, .list, .sound, .badge]
        if !settings.alertsEnabled { options.remove(.banner) }
        if !settings.soundsEnabled { options.remove(.sound) }
        if !settings.badgesEnabled { options.remove(.badge) }
        if content.sound == nil { options.remove(.sound) }
        let level = content.interruptionLevel
        var isCriticalSound = false
        if case .critical = content.sound { isCriticalSound = true }
        if level == .passive { options.subtract([.banner, .sound]) }
        let breaksThrough = level == .timeSensitive || level == .critical
        if doNotDisturb, !breaksThrough { options.subtract([.banner, .sound]) }
        // Critical rings even when sounds are off or the app said nothing, if critical alerts are allowed (else a
        // critical sound is an ordinary one, held by the settings and Do Not Disturb as any other).
        let rings =
            options.contains(.sound) || (settings.criticalAlertsEnabled && (level == .critical || isCriticalSound))
        return Presentation(
            banner: options.contains(.banner), list: options.contains(.list) || options.contains(.banner),
            sound: rings, badge: options.contains(.badge),
            bannerSeconds: BannerLifetime.seconds(in: content.userInfo)
                ?? (level == .timeSensitive || level == .critical ? timeSensitiveBannerSeconds : bannerSeconds))
    }
}
