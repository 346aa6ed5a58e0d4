import Foundation

/// When a request fires (`UNNotificationTrigger` and its subclasses).
public enum NotificationTrigger: Codable, Hashable, Sendable {
    /// `UNTimeIntervalNotificationTrigger`: seconds > 0; repeating only when ≥ 60.
    case timeInterval(seconds: Double, repeats: Bool)
    /// `UNCalendarNotificationTrigger`: the date components to match. With `timeZone` (an identifier) it
    /// fires at that absolute instant; without, it follows the device's current zone.
    case calendar(CalendarMatch, repeats: Bool)
    /// `UNLocationNotificationTrigger`: entering and/or leaving a circular region.
    case location(Region, repeats: Bool)
    /// `UNPushNotificationTrigger`: delivered from `baton push`.
    case push

    /// Whether the trigger fires more than once.
    public var repeats: Bool {
        switch self {
        case .timeInterval(_, let repeats), .calendar(_, let repeats), .location(_, let repeats): repeats
        case .push: false
        }
    }
}

/// The date components a calendar trigger matches (the fields `DateComponents` offers that Apple's
/// trigger honours), and the time zone they are read in, if any.
public struct CalendarMatch: Codable, Hashable, Sendable {
    public var year: Int?
    public var month: Int?
    public var day: Int?
    public var hour: Int?
    public var minute: Int?
    public var second: Int?
    /// 1 = Sunday … 7 = Saturday, as `Calendar`'s.
    public var weekday: Int?
    /// A time zone identifier (`Europe/Warsaw`); nil follows the device's zone.
    public var timeZone: String?

    public init(
        year: Int? = nil, month: Int? = nil, day: Int? = nil, hour: Int? = nil, minute: Int? = nil,
        second: Int? = nil, weekday: Int? = nil, timeZone: String? = nil
    ) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.weekday = weekday
        self.timeZone = timeZone
    }
}

/// A circular region (`CLCircularRegion`) and which crossings notify.
public struct Region: Codable, Hashable, Sendable {
    public var identifier: String
    public var latitude: Double
    public var longitude: Double
    /// Metres, > 0.
    public var radius: Double
    public var notifyOnEntry: Bool
    public var notifyOnExit: Bool

    public init(
        identifier: String, latitude: Double, longitude: Double, radius: Double, notifyOnEntry: Bool = true,
        notifyOnExit: Bool = false
    ) {
        self.identifier = identifier
        self.latitude = latitude
        self.longitude = longitude
        self.radius = radius
        self.notifyOnEntry = notifyOnEntry
        self.notifyOnExit = notifyOnExit
    }
}
