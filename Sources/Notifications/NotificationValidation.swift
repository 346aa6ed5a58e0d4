import Foundation
import Wire

extension NotificationRequest {
    /// Checks everything `add` refuses: the identifier, the content and the trigger at `now`.
    /// Returns the first fire date (nil for location and push triggers, and for no trigger: deliver now).
    @discardableResult
    public func validate(now: Date, deviceTimeZone: TimeZone) throws(NotificationValidationError) -> Date? {
        if identifier.isEmpty { throw .emptyIdentifier }
        try content.validate()
        guard let trigger else { return nil }
        return try trigger.validate(now: now, deviceTimeZone: deviceTimeZone)
    }
}

extension NotificationTrigger {
    /// Checks the trigger as Apple does and returns its first fire date after `now` (nil for location
    /// and push triggers).
    @discardableResult
    public func validate(now: Date, deviceTimeZone: TimeZone) throws(NotificationValidationError) -> Date? {
        switch self {
        case .timeInterval(let seconds, let repeats):
            guard seconds > 0, seconds.isFinite else { throw .nonPositiveInterval(seconds) }
            if repeats && seconds < 60 { throw .repeatingIntervalTooShort(seconds) }
            return now.addingTimeInterval(seconds)
        case .calendar(let match, let repeats):
            let zone = try match.resolvedTimeZone(deviceTimeZone: deviceTimeZone)
            if let next = match.nextDate(after: now, in: zone) { return next }
            if !repeats, let past = match.pastDate(before: now, in: zone) { throw .dateInPast(past, now: now) }
            throw .calendarMatchesNoDate(match)
        case .location(let region, _):
            try region.validate()
            return nil
        case .push:
            return nil
        }
    }
}

extension Region {
    /// Checks the centre's coordinates, the radius, and that some crossing notifies.
    public func validate() throws(NotificationValidationError) {
        guard latitude.isFinite, (-90...90).contains(latitude) else { throw .latitudeOutOfRange(latitude) }
        guard longitude.isFinite, (-180...180).contains(longitude) else { throw .longitudeOutOfRange(longitude) }
        guard radius.isFinite, radius > 0 else { throw .nonPositiveRadius(radius) }
        guard notifyOnEntry || notifyOnExit else { throw .regionNotifiesNothing(identifier) }
    }
}

extension NotificationContent {
    /// Checks the badge, relevance score, critical volume and that `userInfo` holds property-list values
    /// only (as the key-value store checks its values).
    public func validate() throws(NotificationValidationError) {
        if let badge, badge < 0 { throw .negativeBadge(badge) }
        guard relevanceScore.isFinite, (0...1).contains(relevanceScore) else {
            throw .relevanceScoreOutOfRange(relevanceScore)
        }
        if case .critical(_, let volume) = sound, !(volume.isFinite && (0...1).contains(volume)) {
            throw .criticalVolumeOutOfRange(volume)
        }
        for (key, value) in userInfo {
            do {
                try KeyValueLimits.validate(value: value, key: key)
            } catch {
                if case .unsupportedValue(_, let reason) = error {
                    throw .userInfoNotPropertyList(key: key, reason: reason)
                }
                throw .userInfoNotPropertyList(key: key, reason: error.description)
            }
        }
    }
}
