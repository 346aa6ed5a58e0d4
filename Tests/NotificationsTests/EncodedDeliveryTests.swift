import Foundation
import Notifications
import Testing
import Wire

/// A delivery encoded once (stored and sent as one text) is the same message `NotificationMessage` sends.
struct EncodedDeliveryTests {
    @Test func theOnceEncodedDeliveryIsTheMessageItStandsFor() throws {
        let notification = DeliveredNotification(
            owner: NotificationOwner(bundleIdentifier: "com.example.app", device: "desk"),
            request: NotificationRequest(
                identifier: "n1", content: NotificationContent(title: "Tea", body: "\"ready\" \\ ✓"),
                trigger: .timeInterval(seconds: 60, repeats: false)),
            date: Date(timeIntervalSince1970: 1_780_000_000.25), lateBy: 1.5, sequence: 42)
        let encoded = try EncodedDelivery(notification)
        for requestID in [nil, UInt64(7)] {
            let once = encoded.wire(requestID: requestID)
            #expect(once == (try NotificationMessage.notificationDelivered(notification).wire(requestID: requestID)))
            guard case .notification(let envelope) = once else {
                Issue.record("not a notification message")
                return
            }
            #expect((try NotificationMessage(envelope)) == .notificationDelivered(notification))
        }
        #expect(
            try JSONDecoder().decode(DeliveredNotification.self, from: Data(encoded.body.utf8)) == notification)
    }
}
