import Foundation

/// An app's device token for remote notifications (`didRegisterForRemoteNotificationsWithDeviceToken`): 32
/// random bytes, written as 64 lowercase hex digits, one per app per device. A provider pushes to it with
/// `baton push --token`. Kept by the daemon across restarts; `unregistered` is when it stopped being valid
/// (a later registration gives a new token).
public struct DeviceToken: Codable, Hashable, Sendable {
    /// 64 lowercase hex digits.
    public var token: String
    public var owner: NotificationOwner
    public var registered: Date
    /// When the app unregistered (APNs' 410 `timestamp`); nil while valid.
    public var unregistered: Date?

    public init(token: String, owner: NotificationOwner, registered: Date, unregistered: Date? = nil) {
        self.token = token
        self.owner = owner
        self.registered = registered
        self.unregistered = unregistered
    }

    /// The number of random bytes in a token.
    public static let byteCount = 32

    /// A new token of `byteCount` random bytes.
    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<byteCount).map { _ in hex(UInt8.random(in: .min ... .max, using: &generator)) }.joined()
    }

    /// `text` as a token (lowercased), or nil when it is not 64 hex digits.
    public static func normalized(_ text: String) -> String? {
        let lower = text.lowercased()
        guard lower.utf8.count == byteCount * 2, lower.utf8.allSatisfy({ isHexDigit($0) }) else { return nil }
        return lower
    }

    /// APNs' 410 `timestamp`: milliseconds since 1970.
    public static func apnsTimestamp(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}
