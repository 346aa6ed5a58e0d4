import Foundation
import Testing

/// A push to every device, answered on one: the reply typed on A reaches the app once, as A's response (B's
/// suite never shows it), and the notification leaves B's center. The time from the key on A to B's removal
/// is printed (measured, not asserted; `baton bench notifications` is where timings are judged).
@Suite(.serialized) struct ReplyOnceEndToEndTests {
    /// `baton notifications --follow --json`: its JSON lines, each with the moment it was read.
    final class Follower: @unchecked Sendable {
        private let process = Process()
        private let lock = NSLock()
        private var lines: [(Date, [String: Any])] = []

        init(_ fixture: BatonFixture, _ extra: [String] = []) throws {
            process.executableURL = URL(fileURLWithPath: fixture.binary)
            process.arguments = ["notifications", "--follow", "--json"] + extra
            process.environment = fixture.environment
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            let reader = pipe.fileHandleForReading
            Thread.detachNewThread { [self] in
                var buffer = Data()
                while true {
                    let chunk = reader.availableData
                    if chunk.isEmpty { break }
                    buffer.append(chunk)
                    while let newline = buffer.firstIndex(of: 0x0A) {
                        let line = buffer[buffer.startIndex..<newline]
                        buffer.removeSubrange(buffer.startIndex...newline)
                        if let object = (try? JSONSerialization.jsonObject(with: line)) as? [String: Any] {
                            let now = Date()
                            lock.withLock { lines.append((now, object)) }
                        }
                    }
                }
            }
        }

        func events(_ name: String) -> [(Date, [String: Any])] {
            lock.withLock { lines.filter { $0.1["event"] as? String == name } }
        }

        /// Waits (a hang guard of 30 s) until `count` events named `name` arrived.
        func wait(for name: String, count: Int = 1) async throws -> [(Date, [String: Any])] {
            let deadline = Date().addingTimeInterval(30)
            while events(name).count < count {
                guard Date() < deadline else { throw E2EError.timeout("\(count) \(name) event(s)") }
                try await Task.sleep(for: .seconds(0.005))
            }
            return events(name)
        }

        func stop() { if process.isRunning { process.terminate() } }
    }

    @Test func aReplyTypedOnADevicesIsDeliveredOnceAndTheNotificationLeavesTheOther() async throws {
        let devices = try await TwoDevices()
        defer { devices.close() }
        try await devices.allowBrowserOnBoth()
        let everything = try Follower(devices.fixture)
        defer { everything.stop() }
        let onB = try Follower(devices.fixture, ["--device", "B"])
        defer { onB.stop() }
        _ = try await everything.wait(for: "following")
        _ = try await onB.wait(for: "following")

        try devices.pushToEveryDevice(
            #"{"aps": {"alert": {"title": "Ada asks", "body": "Coming?"}, "category": "message"}, "url": "about:blank"}"#
        )
        try await devices.a.waitFor("[ Reply ]")
        try await devices.b.waitFor("[ Reply ]")
        #expect(try await everything.wait(for: "delivered", count: 2).count == 2)

        // On A: Ctrl-N, the Reply button, the text, Enter.
        try devices.a.send("C-n")
        try devices.a.send("Right")
        try devices.a.send("Enter")
        try await devices.a.waitFor("Type a reply")
        try devices.a.type("on my way")
        let sent = Date()
        try devices.a.send("Enter")
        try await devices.a.waitFor("Reply to “Ada asks”: on my way")
        let removedOnB = try await onB.wait(for: "removed")
        let elapsed = removedOnB[0].0.timeIntervalSince(sent)
        print("cross-device removal after a reply on A: \(Int(elapsed * 1000)) ms (key on A → B's removal)")

        // One response, A's, with the text; none for B.
        let responses = try await everything.wait(for: "response")
        #expect(responses.count == 1)
        #expect(responses.first?.1["device"] as? String == "A")
        #expect(responses.first?.1["userText"] as? String == "on my way")
        #expect(removedOnB.first?.1["device"] as? String == "B")
        try devices.b.send("F4")
        try await devices.b.waitFor("Notifications (0)")
        // Still one response after B's center settled, and B's suite never showed the reply.
        #expect(everything.events("response").count == 1)
        #expect(try !devices.b.screen().contains("on my way"))
    }

    @Test func crossDeviceDismissalTimeIsMeasured() async throws {
        let devices = try await TwoDevices()
        defer { devices.close() }
        try await devices.allowBrowserOnBoth()
        let onB = try Follower(devices.fixture, ["--device", "B"])
        defer { onB.stop() }
        _ = try await onB.wait(for: "following")
        try devices.pushToEveryDevice(#"{"aps": {"alert": {"title": "For both", "body": "x"}}, "url": "about:blank"}"#)
        try await devices.onBoth(send: "F4", thenWaitFor: "Notifications (1)")
        let pressed = Date()
        try devices.a.send("d")
        let removed = try await onB.wait(for: "removed")
        try await devices.b.waitFor("Notifications (0)", timeout: 60)
        let elapsed = removed[0].0.timeIntervalSince(pressed)
        print("cross-device dismissal: \(Int(elapsed * 1000)) ms (tmux key on A → removal broadcast for B)")
        #expect(removed.first?.1["device"] as? String == "B")
    }
}
