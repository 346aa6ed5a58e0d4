import Foundation
import MonkeyBrowser
import Notifications
import Testing
import UserNotifications

/// How MonkeyBrowser asks for its notifications to be shown while it is in front (`willPresent`).
@Suite("Browser notifications in front")
struct BrowserPresentationTests {
    static func notification(category: String, url: String) -> DeliveredNotification {
        let content = NotificationContent(
            title: "About \(url)", body: url, categoryIdentifier: category, userInfo: ["url": .string(url)])
        return DeliveredNotification(
            owner: NotificationOwner(bundleIdentifier: "com.example.apple-samplecode.MonkeyBrowser", device: "A"),
            request: NotificationRequest(identifier: category, content: content, trigger: .push),
            date: Date(timeIntervalSince1970: 1_750_000_000))
    }

    @Test("a reminder shows over its own page; a page sent about the page in front is only listed")
    func reminderOfThePageInFrontShows() async throws {
        let browser = try BrowserHarness()
        defer { browser.remove() }
        await browser.open()
        let inFront = try #require(browser.app.tabs.selected.history.current?.url)
        // The user asked to be reminded: before, it fired with no banner and no badge.
        #expect(browser.app.willPresent(Self.notification(category: "reminder", url: inFront)) == nil)
        #expect(browser.app.willPresent(Self.notification(category: "message", url: inFront)) == [.list])
        #expect(browser.app.willPresent(Self.notification(category: "message", url: "https://example.com/")) == nil)
    }
}
