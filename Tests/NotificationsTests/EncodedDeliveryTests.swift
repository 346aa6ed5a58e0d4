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
            // The same envelope and the same message in it (JSON's key order is not fixed between encodings).
            guard case .notification(let once) = encoded.wire(requestID: requestID),
                case .notification(let usual) = try NotificationMessage.notificationDelivered(notification).wire(
                    requestID: requestID)
            else {
                Issue.record("not a notification message")
                return
            }
            #expect(once.kind == usual.kind && once.requestID == usual.requestID)
            #expect((try NotificationMessage(once)) == (try NotificationMessage(usual)))
            #expect((try NotificationMessage(once)) == .notificationDelivered(notification))
        }
        #expect(
            try JSONDecoder().decode(DeliveredNotification.self, from: Data(encoded.body.utf8)) == notification)
    }
}
