import BatonEnvironment
import Foundation
import Notifications

/// The daemon's own check of a request before it is scheduled (clients check too; the daemon decides).
enum RequestCheck {
    /// The longest identifier, in UTF-8 bytes.
    static let maxIdentifierBytes = 256

    /// Why `request` is refused, or nil. `categories` are the app's registered ones.
    static func problem(with request: NotificationRequest, categories: [NotificationCategory]) -> String? {
        if request.identifier.isEmpty { return "a notification needs an identifier" }
        if request.identifier.utf8.count > maxIdentifierBytes {
            return "the identifier is \(request.identifier.utf8.count) bytes; at most \(maxIdentifierBytes)"
        }
        let content = request.content
        if let badge = content.badge, badge < 0 { return "the badge must be 0 or more, not \(badge)" }
        if !(0...1).contains(content.relevanceScore) {
            return "the relevance score must be between 0 and 1, not \(content.relevanceScore)"
        }
        if !content.categoryIdentifier.isEmpty,
            !categories.contains(where: { $0.identifier == content.categoryIdentifier })
        {
            return "unknown category \(BoundedQuote.quote(content.categoryIdentifier)): the app registered "
                + (categories.isEmpty
                    ? "none" : categories.map { BoundedQuote.quote($0.identifier) }.joined(separator: ", "))
        }
        switch request.trigger {
        case .timeInterval(let seconds, let repeats):
            guard seconds.isFinite, seconds > 0 else { return "the time interval must be more than 0 seconds" }
            if repeats, seconds < 60 {
                return "a repeating time interval must be at least 60 seconds (this one is \(seconds))"
            }
        case .location(let region, _):
            guard (-90...90).contains(region.latitude) else {
                return "latitude \(region.latitude) is out of range (-90…90)"
            }
            guard (-180...180).contains(region.longitude) else {
                return "longitude \(region.longitude) is out of range (-180…180)"
            }
            guard region.radius.isFinite, region.radius > 0 else {
                return "the radius must be more than 0 metres, not \(region.radius)"
            }
            guard region.notifyOnEntry || region.notifyOnExit else {
                return "a region must notify on entry, exit or both"
            }
        case .calendar(let match, _):
            if let zone = match.timeZone, TimeZone(identifier: zone) == nil {
                return "unknown time zone \(BoundedQuote.quote(zone))"
            }
        case .push, nil: break
        }
        return nil
    }
}
