import Foundation
import Notifications
import Testing
import Wire

/// The notification center's bounds (the daemon's README, "Bounds"), against the real daemon: content and
/// categories over their limits refused before anything is stored, the content budgets, pushes for an absent
/// device capped, and long answers sent in frames under the frame limit (forgotten devices:
/// `NotificationForgottenDeviceTests`).
@Suite(.serialized) struct NotificationBoundsTests {
    static let app = "com.example.bounds"

    static func request(_ identifier: String, body: String = "", in seconds: Double? = 3600) -> NotificationRequest {
        NotificationRequest(
            identifier: identifier, content: NotificationContent(title: identifier, body: body),
            trigger: seconds.map { .timeInterval(seconds: $0, repeats: false) })
    }

    static func add(_ request: NotificationRequest, device: String, app: String = "com.baton.cli")
        -> NotificationMessage
    {
        .add(
            AddNotification(
                owner: NotificationOwner(bundleIdentifier: app, device: device), request: request, requester: device))
    }

    static func push(_ title: String, to device: String?, collapseID: String? = nil) -> NotificationMessage {
        .push(
            PushIntake(
                push: PushNotification(
                    bundleIdentifier: app, content: NotificationContent(title: title), kind: .alert,
                    collapseID: collapseID),
                device: device))
    }

    static func start(_ harness: BatonHarness, limits: String? = nil) async throws {
        if let limits { harness.environment["BATON_NOTIFICATION_LIMITS"] = limits }
        let started = try await harness.run(["daemon", "start"])
        #expect(started.status == 0, "\(started.output)")
    }

    static func refusal(_ result: Result<NotificationMessage, WireFailure>) -> WireFailure? {
        if case .failure(let failure) = result { failure } else { nil }
    }

    /// Closes `device`'s connection and waits until the daemon no longer lists it as connected.
    static func leave(_ device: NotificationProbeLink, _ name: String, _ harness: BatonHarness) async throws {
        device.close()
        var gone = false
        let deadline = Date().addingTimeInterval(60)
        while !gone, Date() < deadline {
            let listed = try await harness.run(["devices", "--json"])
            gone = listed.status == 0 && !listed.output.contains("\"\(name)\"")
            if !gone { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(gone, "\(name) is still connected")
    }

    static func removals(_ link: NotificationProbeLink, reason: RemovalReason) -> [String] {
        link.events.flatMap { event -> [String] in
            guard case .notificationsRemoved(let removed) = event, removed.reason == reason else { return [] }
            return removed.identifiers
        }
    }

    @Test func contentAndCategoriesOverTheirLimitsAreRefusedBeforeAnythingIsStored() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        try await Self.start(harness)
        let phone = try await NotificationProbeLink.device(harness, "phone", apps: [Self.app])
        let big = String(repeating: "b", count: 9000)
        let content = try await phone.ask(Self.add(Self.request("big", body: big), device: "phone"))
        let contentRefusal = try #require(Self.refusal(content), "9 KB of content was kept")
        #expect(contentRefusal.code == NotificationFailure.invalid)
        #expect(contentRefusal.message.contains("at most 8192"), "\(contentRefusal.message)")
        let blob = PropertyListValue.string(String(repeating: "u", count: 9000))
        var withUserInfo = Self.request("userinfo")
        withUserInfo.content.userInfo = ["blob": blob]
        #expect(Self.refusal(try await phone.ask(Self.add(withUserInfo, device: "phone")))?.code == 4620)
        let push = NotificationMessage.push(
            PushIntake(
                push: PushNotification(
                    bundleIdentifier: Self.app, content: NotificationContent(body: big), kind: .alert),
                device: "phone"))
        let pushRefusal = try #require(Self.refusal(try await phone.ask(push)), "a 9 KB push was delivered")
        #expect(pushRefusal.message.hasPrefix("PayloadTooLarge:"), "\(pushRefusal.message)")

        let owner = NotificationOwner(bundleIdentifier: Self.app, device: "phone")
        func categories(_ count: Int, actions: Int = 1, title: String = "Open") -> NotificationMessage {
            .setCategories(
                CategoriesUpdate(
                    owner: owner,
                    categories: (0..<count).map { index in
                        NotificationCategory(
                            identifier: "c\(index)",
                            actions: (0..<actions).map { NotificationAction(identifier: "a\($0)", title: title) })
                    }))
        }
        #expect(Self.refusal(try await phone.ask(categories(65)))?.code == NotificationFailure.invalid)
        #expect(Self.refusal(try await phone.ask(categories(1, actions: 11)))?.code == NotificationFailure.invalid)
        let longTitle = String(repeating: "t", count: 300)
        #expect(Self.refusal(try await phone.ask(categories(1, title: longTitle)))?.code == 4620)
        #expect(Self.refusal(try await phone.ask(categories(64, actions: 10, title: "Open it now")))?.code == 4620)
        // An owner the daemon does not know is refused too.
        let stranger = NotificationMessage.setCategories(
            CategoriesUpdate(
                owner: NotificationOwner(bundleIdentifier: "com.example.stranger", device: "phone"), categories: []))
        #expect(Self.refusal(try await phone.ask(stranger))?.code == NotificationFailure.unknownTarget)
        // Within the limits all is kept; nothing refused was.
        #expect(Self.refusal(try await phone.ask(categories(8, actions: 4))) == nil)
        guard case .success(.categoriesList(let kept)) = try await phone.ask(.categoriesQuery(owner)) else {
            Issue.record("no categories answer")
            return
        }
        #expect(kept.count == 8)
        guard case .success(.pendingList(let pending)) = try await phone.ask(.pendingQuery(NotificationFilter())) else {
            Issue.record("no pending answer")
            return
        }
        #expect(pending.isEmpty)
    }

    @Test func pushesForAnAbsentDeviceAreCappedAndWhatLeavesIsReported() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        try await Self.start(harness, limits: "pushes-per-device=5")
        let phone = try await NotificationProbeLink.device(harness, "phone", apps: [Self.app])
        try await Self.leave(phone, "phone", harness)
        let follower = try await NotificationProbeLink.open(harness)
        _ = try await follower.ask(.follow(NotificationFilter(bundleIdentifier: Self.app)))
        let sender = try await NotificationProbeLink.open(harness)
        for index in 0..<8 {
            guard case .success(.pushed(let outcome)) = try await sender.ask(Self.push("p\(index)", to: "phone")) else {
                Issue.record("push \(index) was not answered with pushed")
                return
            }
            #expect(outcome.waiting == ["phone"])
        }
        // The same collapse id replaces the waiting one.
        _ = try await sender.ask(Self.push("c1", to: "phone", collapseID: "score"))
        _ = try await sender.ask(Self.push("c2", to: "phone", collapseID: "score"))
        #expect(
            try await NotificationProbeLink.until {
                Self.removals(follower, reason: .overflow).count == 4
                    && Self.removals(follower, reason: .collapsed).count == 1
            })
        let back = try await NotificationProbeLink.device(harness, "phone", apps: [Self.app])
        #expect(try await NotificationProbeLink.until { back.events.count >= 5 })
        let titles = back.events.compactMap { event -> String? in
            if case .notificationDelivered(let delivered) = event { delivered.request.content.title } else { nil }
        }
        #expect(titles == ["p4", "p5", "p6", "p7", "c2"])
    }

    @Test func thousandsOfPendingRequestsAcrossDevicesAreAllListed() async throws {
        let harness = try BatonHarness()
        harness.environment["BATON_DEVICE"] = "desk"
        defer { harness.tearDown() }
        try await Self.start(harness)
        let adder = try await NotificationProbeLink.open(harness)
        let total = 4000
        for index in 0..<total {
            // 80 devices × 50, each with a 300-byte body: several megabytes in all, far over one frame.
            let body = String(repeating: "x", count: 300)
            try adder.send(Self.add(Self.request("n\(index)", body: body), device: "d\(index % 80)"))
        }
        // And 2 000 delivered at once (25 a device, under the 100 kept per app per device).
        for index in 0..<2000 {
            let body = String(repeating: "y", count: 300)
            try adder.send(Self.add(Self.request("now\(index)", body: body, in: nil), device: "d\(index % 80)"))
        }
        #expect(try await NotificationProbeLink.until { adder.answered == total + 2000 })
        let shown = try await harness.run(["notifications", "delivered", "--json"])
        #expect(shown.status == 0, "\(shown.output.prefix(300))")
        let delivered = (try? JSONSerialization.jsonObject(with: Data(shown.output.utf8))) as? [[String: Any]] ?? []
        #expect(delivered.count == 2000, "listed \(delivered.count) of 2000 delivered")
        let listed = try await harness.run(["notifications", "pending", "--json"])
        #expect(listed.status == 0, "\(listed.output.prefix(300))")
        let pending = (try? JSONSerialization.jsonObject(with: Data(listed.output.utf8))) as? [[String: Any]] ?? []
        let identifiers = Set(pending.compactMap { ($0["request"] as? [String: Any])?["identifier"] as? String })
        #expect(identifiers.count == total, "listed \(identifiers.count) of \(total)")
        // An app's center puts the pieces together too.
        guard case .success(.pendingList(let all)) = try await adder.ask(.pendingQuery(NotificationFilter())) else {
            Issue.record("no pending answer")
            return
        }
        #expect(all.count == total)
    }

    @Test func theCategoriesOfAllAppsTogetherHaveABudget() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        try await Self.start(harness, limits: "all-categories-bytes=3000")
        let other = "com.example.bounds.other"
        let phone = try await NotificationProbeLink.device(harness, "phone", apps: [Self.app, other])
        func update(_ app: String, _ count: Int) -> NotificationMessage {
            .setCategories(
                CategoriesUpdate(
                    owner: NotificationOwner(bundleIdentifier: app, device: "phone"),
                    categories: (0..<count).map { index in
                        NotificationCategory(
                            identifier: "c\(index)",
                            actions: [NotificationAction(identifier: "open", title: String(repeating: "t", count: 80))])
                    }))
        }
        // About 120 bytes a category: 20 fit, 20 more for another app do not; replacing one's own does.
        #expect(Self.refusal(try await phone.ask(update(Self.app, 20))) == nil)
        #expect(Self.refusal(try await phone.ask(update(other, 20)))?.code == NotificationFailure.capacity)
        #expect(Self.refusal(try await phone.ask(update(Self.app, 22))) == nil)
        #expect(Self.refusal(try await phone.ask(update(other, 2))) == nil)
    }

    @Test func pendingAndDeliveredContentStayWithinTheirBudgets() async throws {
        let harness = try BatonHarness()
        harness.environment["BATON_DEVICE"] = "desk"
        defer { harness.tearDown() }
        try await Self.start(harness, limits: "pending-bytes=40000,delivered-bytes=40000")
        let link = try await NotificationProbeLink.open(harness)
        let body = String(repeating: "z", count: 7000)
        // Pending: five of 7 KB fit in 40 000 bytes (each on a device of its own); the sixth is refused.
        for index in 0..<5 {
            #expect(
                Self.refusal(try await link.ask(Self.add(Self.request("p\(index)", body: body), device: "d\(index)")))
                    == nil)
        }
        let refused = try #require(
            Self.refusal(try await link.ask(Self.add(Self.request("p5", body: body), device: "d5"))))
        #expect(refused.code == NotificationFailure.capacity, "\(refused.message)")
        // Delivered: ten of 7 KB delivered at once; the oldest left, the newest are kept.
        for index in 0..<10 {
            #expect(
                Self.refusal(
                    try await link.ask(Self.add(Self.request("n\(index)", body: body, in: nil), device: "d\(index)")))
                    == nil)
        }
        guard case .success(.deliveredList(let delivered)) = try await link.ask(.deliveredQuery(NotificationFilter()))
        else {
            Issue.record("no delivered answer")
            return
        }
        let kept = Set(delivered.map(\.request.identifier))
        #expect(kept.count <= 5 && kept.contains("n9"), "kept \(kept.sorted())")
        #expect(!kept.contains("n0"))
    }
}
