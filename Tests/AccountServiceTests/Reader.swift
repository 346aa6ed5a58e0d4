import Foundation
import Wire

/// A reading app of team T that both test devices have installed, and its advertisements.
enum Reader {
    static let team = "T"
    static let type = "com.example.read"
    static let app = AppDescriptor(bundleIdentifier: "com.example.reader", teamIdentifier: team, activityTypes: [type])

    static func advertisement(sequence: UInt64, streams: Bool = false) -> Advertisement {
        Advertisement(
            device: "ignored", bundleIdentifier: app.bundleIdentifier, teamIdentifier: team, activityType: type,
            title: "Chapter \(sequence)", sequence: sequence, supportsContinuationStreams: streams)
    }
}
