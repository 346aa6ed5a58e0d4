import Foundation
import Notifications
import TestSupport
import Testing
import Wire

@testable import AccountService

extension InProcessServices {
    /// Names nobody registered cannot grow the daemon without bound (issue 36, finding 2): every pending
    /// request weighs its row and its owner's names, so tiny adds under ever-new device names meet the pending
    /// budget long before memory grows.
    @Suite struct NameBudgetTests {
        /// A tiny request: a one-letter identifier, no text, due in an hour.
        static let tiny = NotificationRequest(
            identifier: "n", content: NotificationContent(title: ""),
            trigger: .timeInterval(seconds: 3600, repeats: false))

        /// Sends adds of `tiny` for `devices` (each its own requester, as an unregistered client may claim)
        /// in one go, and returns the answers' failures in order (nil: added).
        static func add(_ devices: [String], on socket: RawDaemonSocket, firstID: UInt64) throws -> [WireFailure?] {
            for (offset, device) in devices.enumerated() {
                let owner = NotificationOwner(bundleIdentifier: NotificationService.cliBundleIdentifier, device: device)
                try socket.send(
                    try NotificationMessage.add(AddNotification(owner: owner, request: tiny, requester: device))
                        .wire(requestID: firstID + UInt64(offset)))
            }
            // Refusals come at once, additions after their commit: gather the answers in whatever order.
            var answers: [UInt64: WireFailure?] = [:]
            let ids = Set(devices.indices.map { firstID + UInt64($0) })
            while answers.count < ids.count {
                let answer = try #require(socket.next { $0.requestID.map(ids.contains) == true }, "an add unanswered")
                guard let id = answer.requestID else { continue }
                if case .error(let error) = answer { answers[id] = error.failure } else { answers[id] = .some(nil) }
            }
            return devices.indices.map { answers[firstID + UInt64($0)] ?? nil }
        }

        @Test func tinyAddsUnderNewDeviceNamesMeetThePendingBudget() throws {
            var limits = DaemonLimits()
            var notifications = NotificationLimits()
            notifications.maxPendingContentBytes = 1 << 20
            notifications.maxDevices = 1_000_000
            limits.notifications = notifications
            let daemon = try InProcessDaemon(limits: limits)
            defer { daemon.stop() }
            let socket = try daemon.connect()
            var added = 0
            var refusal: WireFailure?
            let batch = 500
            while refusal == nil, added < 100_000 {
                let devices = (added..<added + batch).map { "device-\($0)" }
                let answers = try Self.add(devices, on: socket, firstID: UInt64(added + 1))
                added += answers.prefix { $0 == nil }.count
                refusal = answers.compactMap { $0 }.first
            }
            // Each weighs at least its row's 256 bytes: 1 MiB holds at most 4 096 of them, where the old
            // weight (one byte of identifier) let all 100 000 in.
            let failure = try #require(refusal, "100 000 tiny adds under new device names were all kept")
            #expect(added <= (1 << 20) / ContentCheck.rowOverhead)
            #expect(failure.code == NotificationFailure.capacity)
            #expect(failure.message.contains("bytes of pending content"), "\(failure.message)")
            #expect(!failure.message.contains("\n"))
        }

        @Test func aRequestWeighsItsOwnerItsRowAndItsAttachmentsOnDisk() throws {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("baton-weight-\(UUID()).png")
            try Data(count: 100_000).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let owner = NotificationOwner(bundleIdentifier: "com.example.tea", device: "kitchen")
            var request = Self.tiny
            let bare = ContentCheck.weight(of: request, owner: owner)
            #expect(bare == ContentCheck.rowOverhead + 1 + "com.example.tea".utf8.count + "kitchen".utf8.count)
            request.content.attachments = [NotificationAttachment(identifier: "a", url: file, type: .image)]
            #expect(ContentCheck.weight(of: request, owner: owner) >= bare + 100_000)
            // The defaults bound what tiny requests can make the daemon hold.
            #expect(NotificationLimits().maxPendingContentBytes / ContentCheck.rowOverhead <= 16_384)
        }

        @Test func pastTheCapANewAppIsRefusedWhileKnownOnesWork() throws {
            var limits = DaemonLimits()
            var notifications = NotificationLimits()
            notifications.maxDevices = 3
            notifications.maxApps = 2
            limits.notifications = notifications
            let daemon = try InProcessDaemon(limits: limits)
            defer { daemon.stop() }
            let socket = try daemon.connect()
            // Device names are bounded by the budgets, not refused past the registration cap: the durability
            // tests add under 80 device names.
            #expect(try Self.add(["a", "b", "c", "d"], on: socket, firstID: 1) == [nil, nil, nil, nil])
            // Apps: the CLI's own is known; one more fits (a freedesktop program needs no registration), the
            // next new one is refused, and the known ones keep working.
            func app(_ bundle: String, _ id: UInt64) throws -> WireFailure? {
                let owner = NotificationOwner(bundleIdentifier: bundle, device: "a")
                try socket.send(
                    try NotificationMessage.add(AddNotification(owner: owner, request: Self.tiny, requester: "a"))
                        .wire(requestID: id))
                let answer = socket.next { $0.requestID == id }
                if case .error(let error) = answer { return error.failure }
                return nil
            }
            #expect(try app(FreedesktopProgram.prefix + "firefox", 20) == nil)
            let refusedApp = try #require(try app(FreedesktopProgram.prefix + "thunderbird", 21))
            #expect(refusedApp.code == NotificationFailure.capacity)
            #expect(refusedApp.message.contains("at most 2 apps"), "\(refusedApp.message)")
            #expect(try app(FreedesktopProgram.prefix + "firefox", 22) == nil)
        }
    }
}
