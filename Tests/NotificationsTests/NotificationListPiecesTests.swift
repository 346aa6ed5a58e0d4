import Foundation
import Notifications
import Testing
import Wire

/// A long pending or delivered answer in frames under the frame limit, and put back together.
struct NotificationListPiecesTests {
    static func pending(_ count: Int, body: Int) -> [PendingNotification] {
        (0..<count).map { index in
            PendingNotification(
                owner: NotificationOwner(bundleIdentifier: "com.example.app", device: "d\(index % 7)"),
                request: NotificationRequest(
                    identifier: "n\(index)",
                    content: NotificationContent(title: "t", body: String(repeating: "b", count: body)),
                    trigger: .timeInterval(seconds: 60, repeats: false)),
                nextFireDate: Date(timeIntervalSince1970: 1_780_000_000))
        }
    }

    @Test func everyFrameFitsAndTheWholeComesBackInOrder() throws {
        let items = Self.pending(3000, body: 900)
        let frames = NotificationListPieces.pending(items, budget: WireLimits.maxFrameBytes / 4)
        #expect(frames.count > 4)
        var assembler = NotificationListAssembler()
        var whole: NotificationMessage?
        for (index, frame) in frames.enumerated() {
            guard case .notification(let envelope) = try frame.wire(requestID: 7) else {
                Issue.record("not a notification message")
                return
            }
            // The body a frame carries, well under the frame limit (a quarter of it, plus the list's brackets).
            #expect(envelope.body.utf8.count <= WireLimits.maxFrameBytes / 4 + 64)
            whole = assembler.add(frame)
            #expect((whole == nil) == (index < frames.count - 1))
        }
        #expect(whole == .pendingList(items))
    }

    @Test func aShortAnswerIsOneListAndAnItemLargerThanTheBudgetGoesAlone() {
        #expect(NotificationListPieces.pending([], budget: 100) == [.pendingList([])])
        let items = Self.pending(3, body: 500)
        let frames = NotificationListPieces.pending(items, budget: 100)
        #expect(frames == [.pendingPiece([items[0]]), .pendingPiece([items[1]]), .pendingList([items[2]])])
        var assembler = NotificationListAssembler()
        #expect(assembler.add(.done) == .done)
    }
}
