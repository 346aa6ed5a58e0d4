import BatonEnvironment
import Foundation
import Notifications
import Testing
import UserNotifications

/// The app-side API against a real daemon, headless: calls answer, and the delegate's calls arrive as typed
/// events that a small app update handles.
@Suite(.serialized) struct UserNotificationCenterTests {
    /// A minimal app: its state and its update, as a suite app would hold them.
    struct TeaApp {
        var shown: [String: PresentationOptions] = [:]
        var answered: [String] = []
        var removed: [String] = []

        /// The delegate, as an update: `willPresent` → how to show it; `didReceive` → what the user chose.
        mutating func update(_ event: NotificationCenterEvent) -> PresentationOptions? {
            switch event {
            case .willPresent(let notification):
                let options: PresentationOptions =
                    notification.request.content.interruptionLevel == .passive ? [.list] : [.banner, .list, .sound]
                shown[notification.request.identifier] = options
                return options
            case .didReceive(let response):
                answered.append("\(response.actionIdentifier):\(response.userText ?? "")")
            case .removed(let removal): removed += removal.identifiers
            case .background, .disconnected, .didRegisterForRemoteNotificationsWithDeviceToken,
                .didFailToRegisterForRemoteNotifications:
                break
            }
            return nil
        }
    }

    @Test func centerCallsAndDelegateEventsRoundTrip() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        #expect(try await harness.run(["daemon", "start"]).status == 0)
        let paths = BatonPaths(environment: ["BATON_HOME": harness.home.path])
        let center = try await UserNotificationCenter.connect(
            bundleIdentifier: "com.example.tea", device: "kitchen", paths: paths)
        defer { center.close() }
        var events = center.events.makeAsyncIterator()

        #expect(try await center.requestAuthorization(options: [.alert, .sound]))
        let settings = try await center.notificationSettings()
        #expect(settings.authorizationStatus == .authorized && settings.soundsEnabled && !settings.badgesEnabled)

        let brew = NotificationCategory(
            identifier: "brew",
            actions: [
                NotificationAction(
                    identifier: "note", title: "Note", textInput: .init(buttonTitle: "Save", placeholder: "How?"))
            ])
        try await center.setNotificationCategories([brew])
        await #expect(throws: NotificationCenterError.self) {
            try await center.add(
                NotificationRequest(
                    identifier: "x", content: .init(title: "x", categoryIdentifier: "nope"), trigger: nil))
        }
        let later = try await center.add(
            NotificationRequest(
                identifier: "later", content: .init(title: "Later"),
                trigger: .timeInterval(seconds: 3600, repeats: false)))
        #expect(later != nil)
        #expect(try await center.pendingNotificationRequests().map(\.identifier) == ["later"])

        try await center.add(
            NotificationRequest(
                identifier: "now", content: .init(title: "Tea is ready", categoryIdentifier: "brew"), trigger: nil))
        var app = TeaApp()
        let event = try #require(await events.next())
        guard case .willPresent(let notification) = event else {
            Issue.record("expected willPresent, got \(event)")
            return
        }
        if let options = app.update(event) { center.present(notification, options: options) }
        #expect(center.presentation(of: "now") == [.banner, .list, .sound])
        #expect(try await center.deliveredNotifications().map(\.request.identifier) == ["now"])

        try await center.respond(
            NotificationResponse(notification: notification, actionIdentifier: "note", userText: "strong"))
        let response = try #require(await events.next())
        _ = app.update(response)
        #expect(app.answered == ["note:strong"])

        try await center.removeAllDeliveredNotifications()
        try await center.removePendingNotificationRequests(withIdentifiers: ["later"])
        for _ in 0..<2 { if let next = await events.next() { _ = app.update(next) } }
        #expect(Set(app.removed) == ["now", "later"])
        #expect(try await center.deliveredNotifications().isEmpty)
        #expect(try await center.pendingNotificationRequests().isEmpty)
        try await center.setBadgeCount(0)
    }
}
