import BatonEnvironment
import Foundation

/// Why a notification request, its trigger, content or an attachment was refused; each has a one-line
/// description that names the value at fault.
public enum NotificationValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A request identifier must not be empty.
    case emptyIdentifier
    /// A time-interval trigger's seconds must be > 0.
    case nonPositiveInterval(Double)
    /// A repeating time-interval trigger must be at least 60 seconds.
    case repeatingIntervalTooShort(Double)
    /// A calendar trigger's time zone identifier is not one Foundation knows.
    case unknownTimeZone(String)
    /// A calendar trigger's components match no date at all (month 13, February 30, …).
    case calendarMatchesNoDate(CalendarMatch)
    /// A one-shot date that is already past at `now`.
    case dateInPast(Date, now: Date)
    /// Latitude outside −90…90.
    case latitudeOutOfRange(Double)
    /// Longitude outside −180…180.
    case longitudeOutOfRange(Double)
    /// A region radius that is not > 0 metres.
    case nonPositiveRadius(Double)
    /// A region that notifies on neither entry nor exit.
    case regionNotifiesNothing(String)
    /// `relevanceScore` outside 0…1.
    case relevanceScoreOutOfRange(Double)
    /// A badge below 0.
    case negativeBadge(Int)
    /// A critical sound's volume outside 0…1.
    case criticalVolumeOutOfRange(Double)
    /// A `userInfo` value that is not a property-list value.
    case userInfoNotPropertyList(key: String, reason: String)
    /// An attachment whose file extension is not an image, audio or video kind.
    case attachmentUnsupportedType(path: String, fileExtension: String)
    /// An attachment file that does not exist.
    case attachmentMissing(path: String)
    /// An attachment that is a directory, not a file.
    case attachmentIsDirectory(path: String)
    /// An attachment that is neither a file nor a directory (a FIFO, a device, a socket): never opened.
    case attachmentNotRegularFile(path: String)
    /// An attachment over its kind's size limit.
    case attachmentTooLarge(path: String, bytes: Int, type: AttachmentType)
    /// An attachment that could not be read or copied into the store.
    case attachmentUnreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .emptyIdentifier:
            "a notification request needs a non-empty identifier"
        case .nonPositiveInterval(let seconds):
            "time interval \(seconds.formatted) s: the interval must be greater than 0"
        case .repeatingIntervalTooShort(let seconds):
            "time interval \(seconds.formatted) s: a repeating interval must be at least 60 seconds, as Apple refuses"
        case .unknownTimeZone(let identifier):
            "unknown time zone \(BoundedQuote.quote(identifier)) (use an identifier such as Europe/Warsaw)"
        case .calendarMatchesNoDate(let match):
            "calendar components \(match.summary) match no date"
        case .dateInPast(let date, let now):
            "the date \(date.iso8601) is already past (now \(now.iso8601)); a one-shot trigger must be in the future"
        case .latitudeOutOfRange(let value):
            "latitude \(value.formatted) is out of range (−90…90)"
        case .longitudeOutOfRange(let value):
            "longitude \(value.formatted) is out of range (−180…180)"
        case .nonPositiveRadius(let value):
            "radius \(value.formatted) m: a region's radius must be greater than 0"
        case .regionNotifiesNothing(let identifier):
            "region \(BoundedQuote.quote(identifier)) notifies on neither entry nor exit"
        case .relevanceScoreOutOfRange(let value):
            "relevance score \(value.formatted) is out of range (0…1)"
        case .negativeBadge(let value):
            "badge \(value) is negative (0 clears the badge)"
        case .criticalVolumeOutOfRange(let value):
            "critical sound volume \(value.formatted) is out of range (0…1)"
        case .userInfoNotPropertyList(let key, let reason):
            "userInfo \(BoundedQuote.quote(key)): \(reason)"
        case .attachmentUnsupportedType(let path, let fileExtension):
            "attachment \(shown(path)): '.\(BoundedQuote.escaped(fileExtension, limit: 20))' is not a supported type "
                + "(images: jpg jpeg png gif heic; audio: mp3 m4a aiff wav caf; video: mp4 mov m4v)"
        case .attachmentMissing(let path):
            "attachment \(shown(path)): no such file"
        case .attachmentIsDirectory(let path):
            "attachment \(shown(path)): is a directory, not a file"
        case .attachmentNotRegularFile(let path):
            "attachment \(shown(path)): is not a regular file (a FIFO, a device or a socket)"
        case .attachmentTooLarge(let path, let bytes, let type):
            "attachment \(shown(path)): \(bytes) bytes is over the \(type.maxBytes)-byte limit for \(type.rawValue) attachments"
        case .attachmentUnreadable(let path, let reason):
            "attachment \(shown(path)): \(reason)"
        }
    }
}

/// A path from outside for a one-line message: control characters escaped, at most 300 bytes.
private func shown(_ path: String) -> String { BoundedQuote.escaped(path, limit: 300) }

extension Double {
    /// The number without a trailing ".0" for whole values.
    fileprivate var formatted: String {
        if isFinite, self == rounded(), abs(self) < 1e15 { return String(Int(self)) }
        return String(self)
    }
}

extension Date {
    /// ISO 8601 in UTC, for messages.
    var iso8601: String { formatted(.iso8601) }
}

extension CalendarMatch {
    /// `year=2026 month=2 day=30 hour=9 …` with the zone, for messages.
    public var summary: String {
        let fields: [(String, Int?)] = [
            ("year", year), ("month", month), ("day", day), ("weekday", weekday), ("hour", hour),
            ("minute", minute), ("second", second),
        ]
        var parts = fields.compactMap { name, value in value.map { "\(name)=\($0)" } }
        if let timeZone { parts.append("time-zone=\(timeZone)") }
        return parts.isEmpty ? "(none)" : parts.joined(separator: " ")
    }
}
