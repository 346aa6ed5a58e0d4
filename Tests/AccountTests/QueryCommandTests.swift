import Foundation
import Testing

/// `baton devices` and `baton activities` through the real binary, in an isolated BATON_HOME: a device
/// with no apps, a device with an activity, and the same JSON keys on every record.
@Suite(.serialized) struct QueryCommandTests {
    private static let deviceKeys: Set<String> = ["name", "pid", "apps", "connectedSince", "currentActivity"]
    private static let activityKeys: Set<String> = [
        "device", "bundleIdentifier", "teamIdentifier", "activityType", "title", "sequence", "webpageURL",
        "supportsContinuationStreams", "advertisedAt",
    ]

    /// Runs `baton <arguments>` to completion: its exit status and everything it printed.
    private func run(_ harness: BatonHarness, _ arguments: String...) async throws -> (status: Int32?, output: String) {
        try await harness.run(arguments)
    }

    /// An account with `bare` (a device with no apps) and `alpha` (MonkeyBrowser, advertising).
    private func account(_ harness: BatonHarness) async throws -> KeyValueDevices {
        let devices = KeyValueDevices()
        let bare = devices.add("bare", harness: harness)
        #expect(await devices.pump { bare.synced })
        _ = try harness.advertise(device: "alpha", extra: ["--title", "Weather in Paris"])
        let watcher = try harness.probe("watch", device: "beta")
        #expect(await watcher.waitForEvent("offer") { $0["device"] as? String == "alpha" } != nil)
        return devices
    }

    @Test func aDeviceWithNoAppsSaysNone() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let devices = try await account(harness)
        defer { devices.stop() }
        let listing = try await run(harness, "devices")
        #expect(listing.status == 0)
        let lines = listing.output.split(separator: "\n").map(String.init)
        let bare = try #require(lines.firstIndex { $0.hasPrefix("bare ") }, "\(listing.output)")
        #expect(lines[bare + 1] == "  apps: none")
        #expect(lines[bare + 2] == "  current activity: —")
        let alpha = try #require(lines.firstIndex { $0.hasPrefix("alpha ") }, "\(listing.output)")
        #expect(lines[alpha + 1].hasPrefix("  apps: com."), "\(listing.output)")
        #expect(!lines.contains { $0.hasSuffix("apps: ") || $0.hasSuffix("apps:") }, "\(listing.output)")
    }

    @Test func devicesJSONHasTheSameKeysOnEveryRecord() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let devices = try await account(harness)
        defer { devices.stop() }
        let listing = try await run(harness, "devices", "--json")
        #expect(listing.status == 0)
        let records = try #require(
            try JSONSerialization.jsonObject(with: Data(listing.output.utf8)) as? [[String: Any]], "\(listing.output)")
        #expect(Set(records.compactMap { $0["name"] as? String }) == ["alpha", "bare", "beta"])
        for record in records { #expect(Set(record.keys) == Self.deviceKeys, "\(record)") }
        let bare = try #require(records.first { $0["name"] as? String == "bare" })
        #expect(bare["currentActivity"] is NSNull)
        #expect((bare["apps"] as? [Any])?.isEmpty == true)
        let alpha = try #require(records.first { $0["name"] as? String == "alpha" })
        let activity = try #require(alpha["currentActivity"] as? [String: Any])
        #expect(Set(activity.keys) == Self.activityKeys, "\(activity)")
        #expect(activity["webpageURL"] is NSNull)
        let apps = try #require(alpha["apps"] as? [[String: Any]])
        for app in apps { #expect(Set(app.keys) == ["bundleIdentifier", "teamIdentifier", "activityTypes"]) }
    }

    @Test func activitiesJSONHasTheSameKeysOnEveryRecord() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let devices = try await account(harness)
        defer { devices.stop() }
        _ = try harness.advertise(device: "gamma", extra: ["--webpage", "https://example.com/weather"])
        let watcher = try harness.probe("watch", device: "delta")
        #expect(await watcher.waitForEvent("offer") { $0["device"] as? String == "gamma" } != nil)
        let listing = try await run(harness, "activities", "--json")
        #expect(listing.status == 0)
        let records = try #require(
            try JSONSerialization.jsonObject(with: Data(listing.output.utf8)) as? [[String: Any]], "\(listing.output)")
        #expect(Set(records.compactMap { $0["device"] as? String }) == ["alpha", "gamma"])
        for record in records { #expect(Set(record.keys) == Self.activityKeys, "\(record)") }
        #expect(records.first { $0["device"] as? String == "alpha" }?["webpageURL"] is NSNull)
        #expect(
            records.first { $0["device"] as? String == "gamma" }?["webpageURL"] as? String
                == "https://example.com/weather")
    }
}
