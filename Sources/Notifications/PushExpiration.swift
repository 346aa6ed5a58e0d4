import Foundation

/// When a push for a device that is not connected gives up (`apns-expiration`).
///
/// The same type, cases and encoding as issue-15b's (`NotificationMessages.swift`): keep one when merging.
public enum PushExpiration: Codable, Hashable, Sendable {
    /// Deliver now or drop (`--expiration 0`, or a date already past).
    case immediately
    /// Wait for the device until this date.
    case at(Date)
    /// Wait for the device as long as it takes (no `apns-expiration`).
    case never
}
