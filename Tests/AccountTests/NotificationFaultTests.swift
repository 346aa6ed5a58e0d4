import AccountClient
import Foundation
import NIOCore
import Notifications
import Testing
import Wire

/// Exactly once across a crash: 1 000 requests due over the next seconds, `kill -9` of the daemon midway,
/// restart: every one delivered exactly once, the ones missed while it was down marked late.
@Suite(.serialized) struct NotificationFaultTests {
    /// Counts the replies naming request ids, from a NIO thread.
    final class Replies: @unchecked Sendable {
        private let lock = NSLock()
        private var answered = 0
        private var failures: [String] = []
        func take(_ frame: InboundFrame) {
            guard case .message(let message) = frame else { return }
            lock.withLock {
                if case .error(let error) = message { failures.append(error.failure.message) }
                if message.requestID != nil { answered += 1 }
            }
        }
        var count: Int { lock.withLock { answered } }
        var errors: [String] { lock.withLock { failures } }
    }

    @Test func thousandRequestsSurviveAKillExactlyOnce() async throws {
        let harness = try BatonHarness()
        harness.environment["BATON_DEVICE"] = "desk"
        defer { harness.tearDown() }
        #expect(try await harness.run(["daemon", "start"]).status == 0)
        // 16 devices × 62–63 requests: under the 64 kept per app per device. Due 3 to 63 s from now: spread
        // wide enough that the kill lands midway even when a loaded machine is slow to list what fired.
        let replies = Replies()
        let link = try await DaemonLink.connect(to: harness.socket, onFrame: { replies.take($0) }, onClose: {}).get()
        let total = 1000
        for index in 0..<total {
            let device = "d\(index % 16)"
            let request = NotificationRequest(
                identifier: "n\(index)", content: NotificationContent(title: "n\(index)"),
                trigger: .timeInterval(seconds: 3 + 60 * Double(index) / Double(total), repeats: false))
            let add = NotificationMessage.add(
                AddNotification(
                    owner: NotificationOwner(bundleIdentifier: "com.baton.cli", device: device), request: request,
                    requester: device))
            link.send(try add.wire(requestID: UInt64(index + 1)))
        }
        let deadline = Date().addingTimeInterval(30)
        while replies.count < total, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(replies.count == total && replies.errors.isEmpty, "\(replies.count) \(replies.errors.prefix(3))")
        link.close()

        // Kill the daemon once some (not all) have fired.
        _ = try await NotificationCLITests.poll(harness, ["notifications", "delivered"]) { $0.count >= 100 }
        let pid = try #require(harness.daemonPID)
        #expect(kill(pid, SIGKILL) == 0)
        let killedAt = Date()
        while kill(pid, 0) == 0, Date() < killedAt.addingTimeInterval(10) {
            try await Task.sleep(for: .milliseconds(10))
        }
        // Stay down for two seconds: the ones due meanwhile are missed and must fire late.
        while Date() < killedAt.addingTimeInterval(2) { try await Task.sleep(for: .milliseconds(50)) }

        #expect(try await harness.run(["daemon", "start"]).status == 0)
        let delivered = try await NotificationCLITests.poll(harness, ["notifications", "delivered"], limit: 90) {
            $0.count >= total
        }
        let identifiers = delivered.compactMap { ($0["request"] as? [String: Any])?["identifier"] as? String }
        #expect(identifiers.count == total)
        #expect(Set(identifiers) == Set((0..<total).map { "n\($0)" }))
        let late = delivered.filter { $0["lateBy"] != nil }
        #expect(!late.isEmpty && late.count < total, "late: \(late.count)")
        #expect(late.allSatisfy { ($0["lateBy"] as? Double ?? 0) > 0 })
        let pending = try await NotificationCLITests.poll(harness, ["notifications", "pending"]) { $0.isEmpty }
        #expect(pending.isEmpty)

        // Each fire is one delivered record, committed with the request's removal: the daemon's log of the
        // restart restored exactly the ones not yet delivered, and nothing fires again on a second restart.
        let pid2 = try #require(harness.daemonPID)
        #expect(kill(pid2, SIGKILL) == 0)
        while kill(pid2, 0) == 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(try await harness.run(["daemon", "start"]).status == 0)
        let again = try await NotificationCLITests.poll(harness, ["notifications", "delivered"], limit: 90) {
            $0.count >= total
        }
        let dates = Dictionary(
            uniqueKeysWithValues: delivered.map {
                (($0["request"] as? [String: Any])?["identifier"] as? String ?? "", $0["date"] as? String ?? "")
            })
        let datesAgain = Dictionary(
            uniqueKeysWithValues: again.map {
                (($0["request"] as? [String: Any])?["identifier"] as? String ?? "", $0["date"] as? String ?? "")
            })
        #expect(dates == datesAgain)
    }

    @Test func deliveredKeepsTheNewestHundredPerApp() async throws {
        let harness = try BatonHarness()
        harness.environment["BATON_DEVICE"] = "desk"
        defer { harness.tearDown() }
        try await Self.deliverNow(harness, count: 105)
        let delivered = try await NotificationCLITests.poll(harness, ["notifications", "delivered"]) { list in
            list.contains { ($0["request"] as? [String: Any])?["identifier"] as? String == "n104" }
        }
        let identifiers = Set(delivered.compactMap { ($0["request"] as? [String: Any])?["identifier"] as? String })
        #expect(identifiers == Set((5..<105).map { "n\($0)" }))
    }

    /// `baton notifications delivered --json | head -c 1`: the reader leaves after one byte of a 170 KB
    /// answer; `baton` ends by SIGPIPE as a filter does, with no crash report on standard error.
    @Test func aReaderThatLeavesEarlyEndsTheListQuietly() async throws {
        let harness = try BatonHarness()
        harness.environment["BATON_DEVICE"] = "desk"
        defer { harness.tearDown() }
        try await Self.deliverNow(harness, count: 100, body: String(repeating: "long body ", count: 100))
        _ = try await NotificationCLITests.poll(harness, ["notifications", "delivered"]) { $0.count == 100 }
        let piped = try await harness.run(
            ["notifications", "delivered", "--json"],
            prefix: [
                "/bin/bash", "-c",
                #""$0" "$@" 2>"$BATON_HOME/err" | head -c 1 >/dev/null; echo "status=${PIPESTATUS[0]}"; cat "$BATON_HOME/err""#,
            ])
        #expect(piped.output == "status=141", "\(piped.output.prefix(500))")
    }

    /// Starts the daemon and adds `count` requests without a trigger (delivered at once) for
    /// `com.baton.cli` on `desk`, as one client sending them back to back; waits for every reply.
    private static func deliverNow(_ harness: BatonHarness, count: Int, body: String = "") async throws {
        #expect(try await harness.run(["daemon", "start"]).status == 0)
        let replies = Replies()
        let link = try await DaemonLink.connect(to: harness.socket, onFrame: { replies.take($0) }, onClose: {}).get()
        defer { link.close() }
        let owner = NotificationOwner(bundleIdentifier: "com.baton.cli", device: "desk")
        for index in 0..<count {
            let content = NotificationContent(title: "n\(index)", body: body)
            let request = NotificationRequest(identifier: "n\(index)", content: content, trigger: nil)
            link.send(
                try NotificationMessage.add(AddNotification(owner: owner, request: request, requester: "desk")).wire(
                    requestID: UInt64(index + 1)))
        }
        let deadline = Date().addingTimeInterval(30)
        while replies.count < count, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(replies.count == count && replies.errors.isEmpty, "\(replies.errors.prefix(3))")
    }
}
