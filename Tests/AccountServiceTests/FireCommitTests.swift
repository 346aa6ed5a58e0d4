import Foundation
import GRDB
import Notifications
import TestSupport
import Testing
import Wire

@testable import AccountService

extension InProcessServices {
    /// A fire and its delivered record commit before anyone hears of it, whichever way it commits: at once on
    /// the event loop when GRDB's writer is idle, or in the batch of a busy writer, with the loop answering
    /// meanwhile (issue 25, goal 3).
    @Suite struct FireCommitTests {
        static let app = AppDescriptor(bundleIdentifier: "com.example.tea", teamIdentifier: "T", activityTypes: [])
        static let owner = NotificationOwner(bundleIdentifier: app.bundleIdentifier, device: "kitchen")

        /// Adds `identifier`, due in 60 s, and waits for the answer.
        func add(_ identifier: String, on socket: RawDaemonSocket, id: UInt64) throws {
            let request = NotificationRequest(
                identifier: identifier, content: NotificationContent(title: identifier),
                trigger: .timeInterval(seconds: 60, repeats: false))
            try socket.send(
                try NotificationMessage.add(AddNotification(owner: Self.owner, request: request, requester: "kitchen"))
                    .wire(requestID: id))
            #expect(socket.next { ($0.requestID == id) } != nil)
        }

        /// The delivered rows of the kitchen's tea, as a reader sees them (committed only).
        func deliveredRows(_ daemon: InProcessDaemon) throws -> [String] {
            try daemon.store.pool.read { db in
                try String.fetchAll(
                    db, sql: "SELECT identifier FROM notificationDelivered WHERE device = ? ORDER BY sequence",
                    arguments: ["kitchen"])
            }
        }

        func delivered(_ socket: RawDaemonSocket) throws -> DeliveredNotification? {
            guard case .notification(let envelope) = socket.next("notification"),
                case .notificationDelivered(let notification) = try NotificationMessage(envelope)
            else { return nil }
            return notification
        }

        @Test func aFireOnAnIdleWriterIsCommittedBeforeItIsSent() throws {
            let daemon = try InProcessDaemon()
            defer { daemon.stop() }
            let kitchen = try daemon.device("kitchen", apps: [Self.app])
            try add("tea", on: kitchen, id: 1)
            try daemon.advance(by: 61)
            let notification = try #require(try delivered(kitchen))
            #expect(notification.request.identifier == "tea")
            // Sent only after its commit: the row is there for any reader by the time the device has it.
            #expect(try deliveredRows(daemon) == ["tea"])
        }

        @Test func aFireBehindABusyWriterWaitsForItsCommitWhileTheLoopAnswers() throws {
            let daemon = try InProcessDaemon()
            defer { daemon.stop() }
            let kitchen = try daemon.device("kitchen", apps: [Self.app])
            try add("tea", on: kitchen, id: 1)
            let hold = daemon.holdWriter()
            try daemon.advance(by: 61)
            // The fire is queued behind the held commit: the loop is free (a ping is answered first) and
            // nothing is sent, nor committed, yet.
            try kitchen.send(.ping(Ping(requestID: 2)))
            guard case .pong = kitchen.nextMessage() else {
                hold.release()
                Issue.record("the delivery came before its commit, or the loop did not answer")
                return
            }
            #expect(try deliveredRows(daemon).isEmpty)
            hold.release()
            #expect(try delivered(kitchen)?.request.identifier == "tea")
            #expect(try deliveredRows(daemon) == ["tea"])
        }
    }
}
