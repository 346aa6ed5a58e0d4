import BatonEnvironment
import Foundation
import Testing

/// Service extensions in a box, through the real daemon and a real extension process (`faulty-push-extension`
/// installed as the service extension of a test app in a copy of the resources): nothing an extension
/// starts outlives the daemon, and a hanging extension holds up no other app's pushes.
@Suite(.serialized) struct ExtensionContainmentTests {
    static let faultyApp = "com.example.faulty"
    static let browser = "com.example.apple-samplecode.MonkeyBrowser"

    /// The repository's resources plus an app whose service extension is `faulty-push-extension`.
    private func resources(_ harness: BatonHarness) throws -> URL {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let copy = harness.home.appendingPathComponent("resources", isDirectory: true)
        try FileManager.default.copyItem(at: repository.appendingPathComponent("Resources"), to: copy)
        func write(_ plist: [String: Any], _ path: String) throws {
            let file = copy.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0).write(to: file)
        }
        try write(["CFBundleIdentifier": Self.faultyApp, "CFBundleName": "Faulty"], "Faulty/Info.plist")
        try write(
            [
                "CFBundleIdentifier": Self.faultyApp + ".service", "CFBundleExecutable": "faulty-push-extension",
                "NSExtension": ["NSExtensionPointIdentifier": "com.apple.usernotifications.service"],
            ], "Faulty/PlugIns/Faulty/Info.plist")
        return copy
    }

    private func payload(_ harness: BatonHarness, fault: String, title: String) throws -> String {
        let url = harness.home.appendingPathComponent("\(fault)-\(UUID().uuidString.prefix(6)).json")
        try Data(#"{"aps":{"alert":{"title":"\#(title)"},"mutable-content":1},"fault":"\#(fault)"}"#.utf8)
            .write(to: url)
        return url.path
    }

    /// A started daemon with the test app, and a follower standing in for device B with `app`.
    private func start(_ harness: BatonHarness, following apps: [String]) async throws -> [ProbeProcess] {
        harness.environment["BATON_DEVICE"] = "A"
        harness.environment["BATON_RESOURCES"] = try resources(harness).path
        #expect(try await harness.run(["daemon", "start"]).status == 0)
        return try apps.map {
            try harness.launch(["notifications", "--follow", "--json", "--device", "B", "--app", $0])
        }
    }

    /// Pushes `file` to `app` on B in the background (the answer waits for the extension).
    private func push(_ harness: BatonHarness, _ file: String, app: String) throws -> ProbeProcess {
        try harness.launch(["push", file, "--app", app, "--device", "B"])
    }

    private func recordedPIDs(_ harness: BatonHarness) -> [pid_t] {
        let file = harness.home.appendingPathComponent("state/group.baton/faulty-pids")
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { pid_t($0) }
    }

    @Test func afterTheDaemonIsKilledNoExtensionNorWhatItForkedSurvives() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        _ = try await start(harness, following: [Self.faultyApp])
        let daemon = try #require(harness.daemonPID)
        // A stopped extension with a sleeping grandchild: before the box, both outlived the daemon for ever.
        let file = try payload(harness, fault: "forkStop", title: "Stopped")
        var pids: [pid_t] = []
        let deadline = Date().addingTimeInterval(45)
        while pids.count < 2, Date() < deadline {
            // Repeated while the follower has not made the app known yet (BadTopic).
            if pids.isEmpty { _ = try push(harness, file, app: Self.faultyApp) }
            try await Task.sleep(for: .milliseconds(300))
            pids = recordedPIDs(harness)
        }
        try #require(pids.count >= 2, "the extension did not start")
        kill(daemon, SIGKILL)
        let deadline2 = Date().addingTimeInterval(45)
        var alive = pids
        while !alive.isEmpty, Date() < deadline2 {
            try await Task.sleep(for: .milliseconds(50))
            alive = alive.filter(ProcessBox.isRunning)
        }
        #expect(alive.isEmpty, "survivors of the daemon: \(alive) of \(pids)")
    }

    @Test func aHangingExtensionDoesNotHoldUpAnotherAppsPush() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let followers = try await start(harness, following: [Self.faultyApp, Self.browser])
        // Wait until both apps are known: an ordinary push to each reaches its follower.
        let plain = harness.home.appendingPathComponent("plain.json")
        try Data(#"{"aps":{"alert":"ready"}}"#.utf8).write(to: plain)
        for app in [Self.faultyApp, Self.browser] {
            var status: Int32? = nil
            let deadline = Date().addingTimeInterval(45)
            repeat {
                status = try await harness.run(["push", plain.path, "--app", app, "--device", "B"]).status
                if status != 0 { try await Task.sleep(for: .milliseconds(100)) }
            } while status != 0 && Date() < deadline
            #expect(status == 0)
        }
        // Four hanging extensions of one app, its bound (stopped: deaf to the expiry notice, killed after
        // 32 s): before, they filled the pool and the next push waited for their deadlines...
        for index in 0..<4 {
            _ = try push(harness, try payload(harness, fault: "forkStop", title: "Hang \(index)"), app: Self.faultyApp)
        }
        // All four run (each recorded itself and its grandchild) before the other app's push is sent.
        let deadline = Date().addingTimeInterval(45)
        while recordedPIDs(harness).count < 8, Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(recordedPIDs(harness).count == 8, "not all four extensions started: \(recordedPIDs(harness))")
        // ...then another app's push through its own extension: it arrives before any of them.
        let monkey = try payload(harness, fault: "none", title: "Monkey")
        _ = try push(harness, monkey, app: Self.browser)
        let delivered = await followers[1].waitForEvent("delivered") { $0["title"] as? String == "Monkey" }
        #expect(delivered != nil, "\(followers[1].transcript)")
        // A fifth push of the hanging app is past its bound: delivered as it came, at once, not after the
        // others' deadlines (before, it waited for a thread and then for its own hang).
        _ = try push(harness, try payload(harness, fault: "forkStop", title: "Fifth"), app: Self.faultyApp)
        let fifth = await followers[0].waitForEvent("delivered") { $0["title"] as? String == "Fifth" }
        #expect(fifth != nil, "\(followers[0].transcript)")
        let hung = followers[0].transcript.components(separatedBy: "Hang ").count - 1
        #expect(hung == 0, "a hanging push was delivered first: \(followers[0].transcript)")
        #expect(recordedPIDs(harness).count == 8, "the fifth push started an extension")
    }

    /// The daemon holds other clients' accepted connections, NIO's epoll descriptors and its database: before,
    /// an extension inherited them all and could write a frame another device took as the daemon's.
    @Test func anExtensionHoldsNothingOfTheDaemonButItsThreeStandardDescriptors() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let followers = try await start(harness, following: [Self.faultyApp])
        let file = try payload(harness, fault: "descriptors", title: "Descriptors")
        var delivered: [String: Any]? = nil
        let deadline = Date().addingTimeInterval(45)
        // Repeated while the follower has not made the app known yet (BadTopic).
        while delivered == nil, Date() < deadline {
            guard try await harness.run(["push", file, "--app", Self.faultyApp, "--device", "B"]).status == 0 else {
                try await Task.sleep(for: .milliseconds(100))
                continue
            }
            delivered = await followers[0].waitForEvent("delivered") { $0["title"] != nil }
        }
        let title = try #require(delivered?["title"] as? String, "\(followers[0].transcript)")
        #expect(title == "descriptors 0 1 2")
        #expect(!followers[0].transcript.contains("forged"), "\(followers[0].transcript)")
    }

    @Test func theDaemonKillsGroupsAPreviousDaemonLeftBehind() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        // A leftover: a supervisor leading its own group with a child, recorded by "a previous daemon".
        let box = try #require(ProcessBox.supervisor(in: ResourceLocator.executableDirectory()))
        let leftover = try ChildProcess.spawn(
            executable: "/bin/sleep", arguments: ["100000"], errorLog: nil, supervisor: box)
        defer { _ = leftover.reap(grace: .zero) }
        let supervisor = leftover.pid
        let state = harness.home.appendingPathComponent("state")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        var ready = false
        let deadline = Date().addingTimeInterval(45)
        while !ready, Date() < deadline {
            ready = Self.children(of: supervisor).count == 1
            if !ready { try await Task.sleep(for: .milliseconds(20)) }
        }
        try #require(ready, "the leftover supervisor did not start its child")
        let child = try #require(Self.children(of: supervisor).first)
        try Data("\(supervisor)\n".utf8).write(to: state.appendingPathComponent("extension-groups"))
        #expect(try await harness.run(["daemon", "start"]).status == 0)
        let deadline2 = Date().addingTimeInterval(45)
        while [supervisor, child].contains(where: ProcessBox.isRunning), Date() < deadline2 {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(!ProcessBox.isRunning(supervisor) && !ProcessBox.isRunning(child))
        let log = try String(contentsOf: state.appendingPathComponent("logs/daemon.log"), encoding: .utf8)
        #expect(log.contains("killed extensions a previous daemon left running"), "\(log)")
    }

    /// The children of `pid` (from /proc/PID/task/PID/children).
    static func children(of pid: pid_t) -> [pid_t] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
}
