import Foundation
import Notifications
import Testing
import Wire

/// Every path a local client can grow the notification center by, at once, against the real daemon with its
/// default limits; the daemon's peak resident memory (`VmHWM`) stays under the README's bound.
@Suite(.serialized) struct NotificationMemoryBoundTests {
    /// The README's bound with every growth path at once (measured 64–78 MiB on a quiet 2-core machine, of
    /// which 32 at start; 55–64 under load, where the flood arrives more slowly than the writer commits).
    static let growthBound = 96 << 20
    static let apps = (0..<20).map { "com.example.grow\($0)" }

    @Test func everyGrowthPathAtOnceKeepsTheDaemonUnderTheBound() async throws {
        let harness = try BatonHarness()
        harness.environment["BATON_DEVICE"] = "desk"
        defer { harness.tearDown() }
        #expect(try await harness.run(["daemon", "start"]).status == 0)
        let pid = try #require(harness.daemonPID)
        let text = String(repeating: "m", count: 7800)
        let baseline = DaemonProcessProbe.peakResidentBytes(pid) ?? 0

        // Thousands of device registrations, each then away: the daemon remembers the 64 most recent.
        let registrar = try await NotificationProbeLink.open(harness)
        let registrations = 2000
        for index in 0..<registrations {
            // The shared apps and 30 of the device's own (no longer known once the device is forgotten).
            let own = (0..<30).map { "com.example.device\(index).app\($0)" }
            registrar.register("away-\(index)", apps: Self.apps + own)
        }
        #expect(try await NotificationProbeLink.until { registrar.registrations == registrations })
        registrar.close()

        let here = try await NotificationProbeLink.device(harness, "here", apps: Self.apps)
        let sender = try await NotificationProbeLink.open(harness)
        let adder = try await NotificationProbeLink.open(harness)
        var sent = 0
        for round in 0..<10 {
            // Pushes of about 3.5 KB to every device (absent ones keep the newest 32 each).
            for index in 0..<40 {
                let push = PushNotification(
                    bundleIdentifier: Self.apps[index % Self.apps.count],
                    content: NotificationContent(title: "push \(round)-\(index)", body: String(text.prefix(3500))),
                    kind: .alert)
                try sender.send(.push(PushIntake(push: push, device: nil)))
                sent += 1
            }
            // And pushes of their own to each remembered device, each with content of its own.
            for index in 0..<200 {
                let push = PushNotification(
                    bundleIdentifier: Self.apps[index % Self.apps.count],
                    content: NotificationContent(title: "own \(round)-\(index)", body: String(text.prefix(3500))),
                    kind: .alert)
                try sender.send(.push(PushIntake(push: push, device: "away-\(registrations - 1 - index % 63)")))
                sent += 1
            }
            // Local requests with maximal content: pending (until the pending budget refuses them) and
            // delivered at once (the oldest leave past the delivered budget).
            for index in 0..<150 {
                let device = "local-\(index % 40)"
                let request = NotificationRequest(
                    identifier: "r\(round)-\(index)", content: NotificationContent(title: "local", body: text),
                    trigger: index % 2 == 0 ? .timeInterval(seconds: 3600, repeats: false) : nil)
                try adder.send(
                    .add(
                        AddNotification(
                            owner: NotificationOwner(bundleIdentifier: "com.baton.cli", device: device),
                            request: request, requester: device)))
                sent += 1
            }
            // Each app's categories at their largest.
            for app in Self.apps {
                let categories = (0..<40).map { index in
                    NotificationCategory(
                        identifier: "category-\(round)-\(index)",
                        actions: (0..<10).map { NotificationAction(identifier: "a\($0)", title: "Action \($0)") })
                }
                let update = CategoriesUpdate(
                    owner: NotificationOwner(bundleIdentifier: app, device: "here"),
                    categories: Array(categories.prefix(12)))
                try here.send(.setCategories(update))
                sent += 1
            }
            // Long answers, asked while all this goes on.
            for _ in 0..<2 {
                guard case .success(.deliveredList) = try await adder.ask(.deliveredQuery(NotificationFilter())),
                    case .success(.pendingList) = try await adder.ask(.pendingQuery(NotificationFilter()))
                else {
                    Issue.record("a delivered or pending query was not answered with its list")
                    return
                }
            }
        }
        #expect(try await NotificationProbeLink.until { sender.answered + adder.answered + here.answered >= sent + 40 })
        // Every push was taken (the absent devices' queues keep the newest), every category update within
        // its limits; only local requests past the pending budget were refused.
        #expect(sender.refusals.isEmpty, "\(sender.refusals.values.prefix(2))")
        #expect(here.refusals.isEmpty, "\(here.refusals.values.prefix(2))")
        #expect(adder.refusals.values.allSatisfy { $0.code == NotificationFailure.capacity })
        let peak = try #require(DaemonProcessProbe.peakResidentBytes(pid))
        print("daemon VmHWM: \(baseline >> 20) MiB at start, \(peak >> 20) MiB after every growth path")
        #expect(peak < Self.growthBound, "VmHWM \(peak) bytes")
        // Still serving, with everything within its bounds.
        guard case .success(.pendingList(let pending)) = try await adder.ask(.pendingQuery(NotificationFilter())) else {
            Issue.record("no pending answer")
            return
        }
        #expect(!pending.isEmpty)
    }
}
