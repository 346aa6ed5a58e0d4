import Foundation
import Notifications
import Testing
import Wire

/// Devices the daemon forgets (the daemon's README, "Bounds"): one away past the expiry, and the least recently
/// seen past the number remembered, each with the pushes that waited for it (reported to followers as
/// `expired`), its apps' settings and categories.
@Suite(.serialized) struct NotificationForgottenDeviceTests {
    private typealias B = NotificationBoundsTests

    @Test func aDeviceAwayPastTheExpiryIsForgottenAndItsPushesAreReported() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        try await B.start(harness, limits: "device-expiry-s=1")
        let phone = try await NotificationProbeLink.device(harness, "phone", apps: [B.app])
        try await B.leave(phone, "phone", harness)
        let follower = try await NotificationProbeLink.open(harness)
        _ = try await follower.ask(.follow(NotificationFilter(bundleIdentifier: B.app)))
        let sender = try await NotificationProbeLink.open(harness)
        guard case .success(.pushed(let outcome)) = try await sender.ask(B.push("hello", to: "phone")) else {
            Issue.record("the push was not answered with pushed")
            return
        }
        #expect(outcome.waiting == ["phone"])
        // Past the expiry (not a guess at speed: the device must be away for longer than it), another
        // device's registration makes the daemon look.
        try await Task.sleep(for: .milliseconds(1500))
        _ = try await NotificationProbeLink.device(harness, "tablet", apps: [B.app])
        #expect(try await NotificationProbeLink.until { B.removals(follower, reason: .expired).count == 1 })
        let again = try await sender.ask(B.push("again", to: "phone"))
        #expect(B.refusal(again)?.message.hasPrefix("BadDeviceToken") == true, "\(again)")
        let log = try String(contentsOf: harness.home.appendingPathComponent("state/logs/daemon.log"), encoding: .utf8)
        #expect(log.contains("device forgotten"))
    }

    @Test func pastTheDevicesRememberedTheLeastRecentlySeenIsForgottenWithItsApps() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        try await B.start(harness, limits: "devices=2")
        let own = "com.example.bounds.only-old"
        let old = try await NotificationProbeLink.device(harness, "old", apps: [B.app, own])
        _ = try await old.ask(
            .setCategories(
                CategoriesUpdate(
                    owner: NotificationOwner(bundleIdentifier: own, device: "old"),
                    categories: [NotificationCategory(identifier: "c", actions: [])])))
        try await B.leave(old, "old", harness)
        let sender = try await NotificationProbeLink.open(harness)
        guard case .success(.pushed) = try await sender.ask(B.push("for old", to: "old")) else {
            Issue.record("the push for old was not taken")
            return
        }
        let follower = try await NotificationProbeLink.open(harness)
        _ = try await follower.ask(.follow(NotificationFilter(bundleIdentifier: B.app)))
        _ = try await NotificationProbeLink.device(harness, "new1", apps: [B.app])
        _ = try await NotificationProbeLink.device(harness, "new2", apps: [B.app])
        #expect(try await NotificationProbeLink.until { B.removals(follower, reason: .expired).count == 1 })
        let unknownApp = NotificationMessage.push(
            PushIntake(
                push: PushNotification(bundleIdentifier: own, content: NotificationContent(title: "t"), kind: .alert),
                device: nil))
        #expect(B.refusal(try await sender.ask(unknownApp))?.message.hasPrefix("BadTopic") == true)
        // Its categories went with it.
        guard
            case .success(.categoriesList(let categories)) = try await sender.ask(
                .categoriesQuery(NotificationOwner(bundleIdentifier: own, device: "old")))
        else {
            Issue.record("no categories answer")
            return
        }
        #expect(categories.isEmpty)
    }

    @Test func aDaemonLeftAloneStillForgetsADeviceAwayPastTheExpiry() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        try await B.start(harness, limits: "device-expiry-s=1,device-sweep-s=0.5")
        // The app stays known through a device that stays.
        let tablet = try await NotificationProbeLink.device(harness, "tablet", apps: [B.app])
        defer { tablet.close() }
        let phone = try await NotificationProbeLink.device(harness, "phone", apps: [B.app])
        try await B.leave(phone, "phone", harness)
        // No registration follows: the daemon's own sweep forgets it (a hang guard, not a timing assertion).
        let log = harness.home.appendingPathComponent("state/logs/daemon.log")
        #expect(
            try await NotificationProbeLink.until {
                ((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains("device forgotten")
            })
        let sender = try await NotificationProbeLink.open(harness)
        #expect(
            B.refusal(try await sender.ask(B.push("hello", to: "phone")))?.message.hasPrefix("BadDeviceToken") == true)
    }
}
