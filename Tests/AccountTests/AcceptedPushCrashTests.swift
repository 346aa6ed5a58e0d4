import Foundation
import Testing

/// Issue 22, finding 3, attacked: a push answered "accepted" survives a `kill -9` of the daemon while its service
/// extension runs: after the restart the device gets it once (the original, as when an extension fails).
@Suite(.serialized) struct AcceptedPushCrashTests {
    /// The daemon's children whose command line names `executable` (its threads' `children` files).
    static func children(of pid: Int32, named executable: String) -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        let pids = tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        return pids.filter { child in
            ((try? String(contentsOfFile: "/proc/\(child)/cmdline", encoding: .utf8)) ?? "").contains(executable)
        }
    }

    @Test func anAcceptedPushIsDeliveredOnceAfterAKillWhileItsExtensionRuns() async throws {
        let harness = try BatonHarness()
        harness.environment["BATON_DEVICE"] = "A"
        defer { harness.tearDown() }
        let corners = NotificationCornerTests()
        let app = try corners.installSlowApp(harness)
        #expect(try await harness.run(["daemon", "start"]).status == 0)
        let before = try harness.launch(["notifications", "--follow", "--json", "--device", "B", "--app", app])
        let slow = try corners.pushes.payload(
            harness, "slow.json", #"{"aps":{"alert":{"title":"Original"},"mutable-content":1},"fault":"slow"}"#)
        let accepted = try await corners.pushes.pushOnceFollowed(
            harness, [slow, "--app", app, "--device", "B", "--json"])
        #expect(accepted.status == 0 && accepted.output.contains("accepted"), "\(accepted.output)")

        // The extension is running (it never finishes by itself): the daemon dies now, then the extension.
        let daemon = try #require(harness.daemonPID)
        var extensions: [Int32] = []
        let deadline = Date().addingTimeInterval(60)
        while extensions.isEmpty, Date() < deadline {
            extensions = Self.children(of: daemon, named: "faulty-push-extension")
            if extensions.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(!extensions.isEmpty, "the extension did not start")
        try await AckAfterCommitTests.kill9(harness)
        for pid in extensions { kill(pid, SIGKILL) }
        #expect(await before.exitStatus() != nil)

        #expect(try await harness.run(["daemon", "start"]).status == 0)
        let after = try harness.launch(["notifications", "--follow", "--json", "--device", "B", "--app", app])
        let delivery = await after.waitForEvent("delivered")
        #expect(delivery?["title"] as? String == "Original", "\(after.transcript)")
        let listed = try await NotificationCLITests.poll(
            harness, ["notifications", "delivered", "--device", "B", "--app", app]
        ) { !$0.isEmpty }
        #expect(listed.count == 1, "delivered once: \(listed)")
    }
}
