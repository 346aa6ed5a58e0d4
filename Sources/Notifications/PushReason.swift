/// Why `baton push` refused a payload: APNs' reason names where APNs has one, and Baton's own in the same
/// style for what APNs reports only as a 400. Each has a stable exit code (README: "Push exit codes").
public enum PushReason: String, CaseIterable, Codable, Hashable, Sendable {
    /// The payload is empty (or only whitespace).
    case payloadEmpty = "PayloadEmpty"
    /// The payload is over 4096 bytes.
    case payloadTooLarge = "PayloadTooLarge"
    /// The payload is not JSON, or not a JSON object.
    case badPayload = "BadPayload"
    /// `aps` is missing, not an object, or delivers nothing.
    case badAps = "BadAps"
    /// `aps.alert` is not a string or a dictionary of the right kinds.
    case badAlert = "BadAlert"
    /// `aps.badge` is not a non-negative integer.
    case badBadge = "BadBadge"
    /// `aps.sound` is not a string or a `{critical, name, volume}` dictionary.
    case badSound = "BadSound"
    /// `aps.interruption-level` is not passive, active, time-sensitive or critical.
    case badInterruptionLevel = "BadInterruptionLevel"
    /// `aps.relevance-score` is not a number in 0…1.
    case badRelevanceScore = "BadRelevanceScore"
    /// Another `aps` field has the wrong type (thread-id, category, content-available, …).
    case badApsValue = "BadApsValue"
    /// A custom top-level value cannot go into `userInfo` (null).
    case badUserInfo = "BadUserInfo"
    /// The app's Localizable.strings could not be read.
    case badLocalization = "BadLocalization"
    /// `apns-collapse-id` is over 64 bytes (or empty).
    case badCollapseId = "BadCollapseId"
    /// `apns-priority` is not 10, 5 or 1.
    case badPriority = "BadPriority"
    /// `apns-expiration` is not 0, a UNIX time or an ISO 8601 date.
    case badExpirationDate = "BadExpirationDate"
    /// No app: neither `--app` nor "Simulator Target Bundle".
    case missingTopic = "MissingTopic"
    /// The app named is not a valid bundle identifier, or is not installed (decided by the daemon).
    case badTopic = "BadTopic"
    /// The device named is not one of the account's (decided by the daemon).
    case badDeviceToken = "BadDeviceToken"
    /// The device token belongs to another app than the payload's (APNs' 400 `DeviceTokenNotForTopic`).
    case deviceTokenNotForTopic = "DeviceTokenNotForTopic"
    /// The device token was unregistered by its app (APNs' 410, with the time it stopped being valid).
    case unregistered = "Unregistered"

    /// The process exit code `baton push` uses for this reason: 20 + its place in this list (stable; new
    /// reasons are added at the end).
    public var exitCode: Int32 {
        Int32(20 + (Self.allCases.firstIndex(of: self) ?? 0))
    }
}

/// A refused push: the APNs-style reason and one line naming the byte offset or key at fault.
public struct PushError: Error, Codable, Hashable, Sendable, CustomStringConvertible {
    public var reason: PushReason
    /// What is wrong, naming the key (`aps.badge`) or byte offset.
    public var detail: String

    public init(_ reason: PushReason, _ detail: String) {
        self.reason = reason
        self.detail = detail
    }

    /// `BadBadge: aps.badge must be a non-negative integer, not "three"`.
    public var description: String { "\(reason.rawValue): \(detail)" }
    /// `PushReason.exitCode`.
    public var exitCode: Int32 { reason.exitCode }
}

extension PushError {
    /// A daemon's refusal line, `Reason: detail`, as the error it names; nil when it names no push reason (the
    /// daemon's own failure).
    public init?(refusal line: String) {
        guard let reason = PushReason.allCases.first(where: { line.hasPrefix($0.rawValue + ":") }) else { return nil }
        self.init(reason, String(line.dropFirst(reason.rawValue.count + 1)).trimmingCharacters(in: .whitespaces))
    }

    /// APNs' 410 `timestamp` of an `Unregistered` refusal: the milliseconds of `(timestamp N)` in its detail.
    public var timestamp: Int64? {
        guard reason == .unregistered, let range = detail.range(of: "(timestamp ") else { return nil }
        return Int64(detail[range.upperBound...].prefix { $0.isNumber })
    }
}
