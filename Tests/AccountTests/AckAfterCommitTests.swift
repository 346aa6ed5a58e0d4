import AccountClient
import Foundation
import NIOCore
import Notifications
import Synchronization
import Testing
import Wire

/// The daemon's two promises about notifications, attacked with `kill -9` of the real daemon at the worst
/// moment: an acknowledged request is never lost, and a delivery reaches a device exactly once.
@Suite(.serialized) struct AckAfterCommitTests {
    /// What one connection heard: answers by request ID, and deliveries in arrival order.
    final class Heard: Sendable {
        private struct Fields {
            var added: Set<UInt64> = []
            var failed: [UInt64: String] = [:]
            var deliveries: [String] = []
            var registered = false
            var pushed: [UInt64: PushOutcome] = [:]
            var devices: [UInt64: [String]] = [:]
        }
        private let fields = Mutex(Fields())

        func take(_ frame: InboundFrame) {
            guard case .message(let message) = frame else { return }
            fields.withLock { fields in
                switch message {
                case .error(let error):
                    if let id = error.requestID { fields.failed[id] = error.failure.message }
                case .registered: fields.registered = true
                case .devicesReply(let reply): fields.devices[reply.requestID] = reply.devices.map(\.name)
                case .notification(let envelope):
                    switch try? NotificationMessage(envelope) {
                    case .added: if let id = envelope.requestID { fields.added.insert(id) }
                    case .pushed(let outcome): if let id = envelope.requestID { fields.pushed[id] = outcome }
                    case .notificationDelivered(let delivered):
                        fields.deliveries.append(delivered.request.identifier)
                    default: break
                    }
                default: break
                }
            }
        }
        var added: Set<UInt64> { fields.withLock { $0.added } }
        var answered: Int { fields.withLock { $0.added.count + $0.failed.count } }
        var failures: [String] { fields.withLock { Array($0.failed.values) } }
        var deliveries: [String] { fields.withLock { $0.deliveries } }
        var registered: Bool { fields.withLock { $0.registered } }
        func pushed(_ id: UInt64) -> PushOutcome? { fields.withLock { $0.pushed[id] } }
        func failed(_ id: UInt64) -> String? { fields.withLock { $0.failed[id] } }
        /// The devices connected, as the daemon answered the query `id`.
        func devices(_ id: UInt64) -> [String]? { fields.withLock { $0.devices[id] } }
    }

    /// Polls `condition` until it holds (a readiness wait that only a real hang reaches the end of).
    static func until(_ limit: TimeInterval = 60, _ condition: () -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(limit)
        while !condition() {
            guard Date() < deadline else { return false }
            try await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    static func kill9(_ harness: BatonHarness) async throws {
        let pid = try #require(harness.daemonPID)
        #expect(kill(pid, SIGKILL) == 0)
        let deadline = Date().addingTimeInterval(60)
        while kill(pid, 0) == 0, Date() < deadline { try await Task.sleep(for: .milliseconds(5)) }
    }

    static func add(_ identifier: String, device: String, in seconds: Double?) throws -> NotificationMessage {
        .add(
            AddNotification(
                owner: NotificationOwner(bundleIdentifier: "com.baton.cli", device: device),
                request: NotificationRequest(
                    identifier: identifier, content: NotificationContent(title: identifier),
                    trigger: seconds.map { .timeInterval(seconds: $0, repeats: false) }),
                requester: device))
    }

    /// 20 rounds of 200 adds pipelined on one connection, each round ended by `kill -9` right after the last
    /// answer: every request answered `added` is pending after the restart (before the fix, ~5 a round were
    /// lost: the answer left before the commit).
    @Test func acknowledgedAddsSurviveAKillRightAfterTheLastAnswer() async throws {
        let harness = try BatonHarness()
        harness.environment["BATON_DEVICE"] = "desk"
        defer { harness.tearDown() }
        var acknowledged: Set<String> = []
        for round in 0..<20 {
            #expect(try await harness.run(["daemon", "start"]).status == 0)
            let heard = Heard()
            let link = try await DaemonLink.connect(to: harness.socket, onFrame: { heard.take($0) }, onClose: {})
                .get()
            let perRound = 200
            for index in 0..<perRound {
                // 4 devices a round × 50: under the 64 kept per app per device; due in an hour.
                let message = try Self.add("r\(round)-\(index)", device: "r\(round)-d\(index % 4)", in: 3600)
                link.send(try message.wire(requestID: UInt64(index + 1)))
            }
            #expect(try await Self.until { heard.answered == perRound })
            try await Self.kill9(harness)
            link.close()
            #expect(heard.failures.isEmpty, "\(heard.failures.prefix(3))")
            acknowledged.formUnion(heard.added.map { "r\(round)-\($0 - 1)" })
        }
        #expect(acknowledged.count == 20 * 200)
        #expect(try await harness.run(["daemon", "start"]).status == 0)
        // All 4 000 in one listing (it comes in pieces under the frame limit).
        let listed = try await harness.run(["notifications", "pending", "--json"])
        #expect(listed.status == 0, "\(listed.output.prefix(300))")
        let pending = (try? JSONSerialization.jsonObject(with: Data(listed.output.utf8))) as? [[String: Any]] ?? []
        let identifiers = Set(pending.compactMap { ($0["request"] as? [String: Any])?["identifier"] as? String })
        let lost = acknowledged.subtracting(identifiers)
        #expect(lost.isEmpty, "\(lost.count) acknowledged requests lost, e.g. \(lost.sorted().prefix(5))")
    }

    /// 20 rounds: notifications come due while the daemon is down; it restarts and the device reconnects at
    /// once, so the restart's first fires and the replay of what the device missed race. Every notification
    /// reaches the device's connection exactly once (before the fix, about half came twice).
    @Test func aDeviceReconnectingRightAfterARestartGetsEachDeliveryOnce() async throws {
        let harness = try BatonHarness()
        harness.environment["BATON_DEVICE"] = "desk"
        defer { harness.tearDown() }
        let perRound = 30
        for round in 0..<20 {
            #expect(try await harness.run(["daemon", "start"]).status == 0)
            let heard = Heard()
            let scheduler = try await DaemonLink.connect(
                to: harness.socket, onFrame: { heard.take($0) }, onClose: {}
            ).get()
            for index in 0..<perRound {
                let message = try Self.add("r\(round)-\(index)", device: "phone", in: 1)
                scheduler.send(try message.wire(requestID: UInt64(index + 1)))
            }
            #expect(try await Self.until { heard.answered == perRound })
            #expect(heard.failures.isEmpty, "\(heard.failures.prefix(3))")
            let addedAt = Date()
            try await Self.kill9(harness)
            scheduler.close()
            // Down until every one is due, so they fire as the restart's first batch.
            while Date() < addedAt.addingTimeInterval(1.2) { try await Task.sleep(for: .milliseconds(20)) }

            #expect(try await harness.run(["daemon", "start"]).status == 0)
            let phone = Heard()
            let device = try await DaemonLink.connect(to: harness.socket, onFrame: { phone.take($0) }, onClose: {})
                .get()
            device.send(.registerDevice(RegisterDevice(name: "phone", pid: 1, apps: [])))
            #expect(try await Self.until { phone.registered })
            // A marker delivered now comes after every earlier delivery to this device (deliveries leave in
            // commit order), so whatever was sent twice has arrived by the time it does.
            device.send(try Self.add("marker-\(round)", device: "phone", in: nil).wire(requestID: 1))
            #expect(try await Self.until { phone.deliveries.contains("marker-\(round)") })
            let counts = Dictionary(
                phone.deliveries.filter { $0.hasPrefix("r\(round)-") }.map { ($0, 1) }, uniquingKeysWith: +)
            let missing = (0..<perRound).map { "r\(round)-\($0)" }.filter { counts[$0] == nil }
            let twice = counts.filter { $0.value > 1 }.keys.sorted()
            #expect(missing.isEmpty, "round \(round): missing \(missing)")
            #expect(twice.isEmpty, "round \(round): delivered more than once: \(twice)")
            device.close()
            try await Self.kill9(harness)
        }
    }
}
