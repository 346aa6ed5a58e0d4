import FoundationEssentials

/// `up-next.json` in the app group: each device's soonest pending notifications, as the suite's
/// notification center writes them for Today's Up Next widget (which reads its own device's, named by
/// `BATON_DEVICE` in its environment).
public struct UpNextFile: Codable, Equatable, Sendable {
    /// The file's name in the app group directory.
    public static let fileName = "up-next.json"

    /// One pending notification.
    public struct Entry: Codable, Equatable, Sendable {
        public var title: String
        public var app: String
        /// Seconds since 1970 of its next fire.
        public var fireDate: Double
        public init(title: String, app: String, fireDate: Double) {
            self.title = title
            self.app = app
            self.fireDate = fireDate
        }
    }

    /// Device name → its next notifications, soonest first.
    public var devices: [String: [Entry]]

    public init(devices: [String: [Entry]] = [:]) { self.devices = devices }
}
