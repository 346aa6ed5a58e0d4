import Foundation
import Wire

/// `baton devices --json` and `baton activities --json` with the same keys on every record: a missing
/// value is written as `null` instead of leaving its key out (as the wire's Codable does).
enum QueryJSON {
    /// One device as `baton devices --json` prints it.
    struct Device: Encodable {
        let summary: DeviceSummary

        private enum Keys: String, CodingKey { case name, pid, apps, connectedSince, currentActivity }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(summary.name, forKey: .name)
            try container.encode(summary.pid, forKey: .pid)
            try container.encode(summary.apps.map(App.init), forKey: .apps)
            try container.encode(summary.connectedSince, forKey: .connectedSince)
            try container.encode(summary.currentActivity.map(Activity.init), forKey: .currentActivity)
        }
    }

    /// One app of a device.
    struct App: Encodable {
        let descriptor: AppDescriptor

        private enum Keys: String, CodingKey { case bundleIdentifier, teamIdentifier, activityTypes }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(descriptor.bundleIdentifier, forKey: .bundleIdentifier)
            try container.encode(descriptor.teamIdentifier, forKey: .teamIdentifier)
            try container.encode(descriptor.activityTypes, forKey: .activityTypes)
        }
    }

    /// One advertised activity, in `baton activities --json` and as a device's current activity.
    struct Activity: Encodable {
        let advertisement: Advertisement

        private enum Keys: String, CodingKey {
            case device, bundleIdentifier, teamIdentifier, activityType, title, sequence, webpageURL,
                supportsContinuationStreams, advertisedAt
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(advertisement.device, forKey: .device)
            try container.encode(advertisement.bundleIdentifier, forKey: .bundleIdentifier)
            try container.encode(advertisement.teamIdentifier, forKey: .teamIdentifier)
            try container.encode(advertisement.activityType, forKey: .activityType)
            try container.encode(advertisement.title, forKey: .title)
            try container.encode(advertisement.sequence, forKey: .sequence)
            try container.encode(advertisement.webpageURL?.absoluteString, forKey: .webpageURL)
            try container.encode(advertisement.supportsContinuationStreams, forKey: .supportsContinuationStreams)
            try container.encode(advertisement.advertisedAt, forKey: .advertisedAt)
        }
    }
}
