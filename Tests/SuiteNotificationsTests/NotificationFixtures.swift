import Foundation
import Notifications

/// Notifications for the suite's tests, at fixed dates.
enum Fixture {
    static let now = Date(timeIntervalSince1970: 1_735_560_000)
    static let browser = "com.example.apple-samplecode.MonkeyBrowser"

    static func delivered(
        _ identifier: String, title: String = "Title", body: String = "", bundle: String = browser,
        device: String = "box:b", thread: String = "", category: String = "", relevance: Double = 0,
        level: InterruptionLevel = .active, sound: NotificationSound? = .default, badge: Int? = nil,
        trigger: NotificationTrigger? = .push, secondsAgo: Double = 0
    ) -> DeliveredNotification {
        let content = NotificationContent(
            title: title, body: body, badge: badge, sound: sound, categoryIdentifier: category,
            threadIdentifier: thread, interruptionLevel: level, relevanceScore: relevance)
        return DeliveredNotification(
            owner: NotificationOwner(bundleIdentifier: bundle, device: device),
            request: NotificationRequest(identifier: identifier, content: content, trigger: trigger),
            date: now.addingTimeInterval(-secondsAgo))
    }

    static let message = NotificationCategory(
        identifier: "message",
        actions: [
            NotificationAction(
                identifier: "reply", title: "Reply", textInput: .init(buttonTitle: "Reply", placeholder: "Type")),
            NotificationAction(identifier: "read", title: "Mark as Read"),
            NotificationAction(
                identifier: "delete", title: "Delete", options: [.destructive, .authenticationRequired]),
        ],
        options: [.customDismissAction])

    static let authorized = NotificationSettings.granted([.alert, .sound, .badge])
}
