import BatonEnvironment
import Foundation
import Notifications
import Testing
import UserNotifications

/// The freedesktop bridge with real parts: a private session bus (`dbus-daemon --session`), a bus monitor
/// (`dbus-monitor`) observing the daemon's `Notify` calls, and a small real notification server on that bus
/// (`FreedesktopServerScript`) whose `ActionInvoked` / `NotificationClosed` signals reach the app as a response
/// and a removal. Missing binaries fail the test with the Debian package to install.
@Suite(.serialized) struct FreedesktopBridgeTests {
    /// The session bus, its monitor and the server, started in a temporary directory.
    final class Desktop {
        let directory: URL
        let address: String
        let bus: ProbeProcess
        let monitor: ProbeProcess
        var server: ProbeProcess
        let serverScript: URL
        let environment: [String: String]

        /// `capabilities`: what the test server's `GetCapabilities` answers.
        init(capabilities: [String] = ["actions", "body"]) async throws {
            for (binary, package) in [
                ("/usr/bin/dbus-daemon", "dbus-daemon"), ("/usr/bin/dbus-monitor", "dbus-bin"),
                ("/usr/bin/gdbus", "libglib2.0-bin"), ("/usr/bin/python3", "python3"),
            ] {
                try #require(
                    FileManager.default.isExecutableFile(atPath: binary),
                    "\(binary) is missing: install the Debian package \(package) (scripts/setup.sh --test)")
            }
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("baton-dbus-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let socket = "\(directory.path)/bus"
            address = "unix:path=\(socket)"
            environment = [
                "DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin", "HOME": directory.path,
                "TEST_CAPABILITIES": capabilities.joined(separator: ","),
            ]
            bus = try ProbeProcess(
                command: ["/usr/bin/dbus-daemon", "--session", "--nofork", "--address", address],
                environment: environment)
            try await Self.poll("the session bus socket") {
                FileManager.default.fileExists(atPath: socket)
            }
            monitor = try ProbeProcess(
                command: [
                    "/usr/bin/dbus-monitor", "--address", address, "interface='org.freedesktop.Notifications'",
                    "member='AddMatch'",
                ], environment: environment)
            try await Self.poll("dbus-monitor") { [monitor] in monitor.transcript.contains("member=NameLost") }
            serverScript = directory.appendingPathComponent("server.py")
            try Data(FreedesktopServerScript.source.utf8).write(to: serverScript)
            server = try Self.startServer(serverScript, environment: environment)
            let ready = await server.waitForEvent("ready", limit: 30)
            try #require(
                ready != nil,
                "the test notification server did not start (needs python3-dbus and python3-gi): \(server.transcript)")
        }

        static func startServer(_ script: URL, environment: [String: String]) throws -> ProbeProcess {
            try ProbeProcess(command: ["/usr/bin/python3", script.path], environment: environment)
        }

        /// Calls the server's test control (emits a real signal on the bus).
        func control(_ method: String, _ arguments: [String]) async throws {
            let call = try ProbeProcess(
                command: [
                    "/usr/bin/gdbus", "call", "--session", "--dest", "org.freedesktop.Notifications",
                    "--object-path", "/org/freedesktop/Notifications", "--method", "org.baton.TestControl." + method,
                ] + arguments, environment: environment)
            let status = await call.exitStatus(limit: 30)
            try #require(status == 0, "gdbus call \(method) failed: \(call.transcript)")
        }

        func tearDown() {
            server.kill()
            monitor.kill()
            bus.kill()
            try? FileManager.default.removeItem(at: directory)
        }

        /// Waits until the daemon's connection has subscribed to the server's signals (seen by dbus-monitor).
        func waitForTheBridgesSubscription() async throws {
            try await Self.poll("the bridge's subscription") { [monitor] in
                monitor.transcript.contains("path='/org/freedesktop/Notifications'")
            }
        }

        /// Polls `condition` every 20 ms for up to 90 s (a hang guard, not a timing assertion).
        static func poll(_ what: String, _ condition: () -> Bool) async throws {
            let deadline = Date().addingTimeInterval(90)
            while !condition() {
                try #require(Date() < deadline, "gave up waiting for \(what)")
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    /// The app's events, collected as they arrive.
    final class EventLog: @unchecked Sendable {
        private let lock = NSLock()
        private var events: [NotificationCenterEvent] = []
        func append(_ event: NotificationCenterEvent) { lock.withLock { events.append(event) } }
        var all: [NotificationCenterEvent] { lock.withLock { events } }
    }

    /// A daemon (device A) with the bridge on, forwarding to `desktop`'s bus.
    func startDaemon(bridgingTo desktop: Desktop) async throws -> BatonHarness {
        let harness = try BatonHarness()
        harness.environment["BATON_FREEDESKTOP_NOTIFICATIONS"] = "on"
        harness.environment["DBUS_SESSION_BUS_ADDRESS"] = desktop.address
        harness.environment["BATON_DEVICE"] = "A"
        #expect(try await harness.run(["daemon", "start"]).status == 0)
        return harness
    }

    @Test func deliveriesReachTheDesktopAndItsActionsAndDismissalsComeBack() async throws {
        let desktop = try await Desktop()
        defer { desktop.tearDown() }
        let harness = try await startDaemon(bridgingTo: desktop)
        defer { harness.tearDown() }
        try await desktop.waitForTheBridgesSubscription()

        let paths = BatonPaths(environment: ["BATON_HOME": harness.home.path])
        let center = try await UserNotificationCenter.connect(
            bundleIdentifier: "com.example.tea", device: "kitchen", paths: paths)
        defer { center.close() }
        let log = EventLog()
        let events = center.events
        let reader = Task {
            for await event in events {
                log.append(event)
                if case .willPresent(let notification) = event { center.present(notification, options: [.list]) }
            }
        }
        defer { reader.cancel() }
        #expect(try await center.requestAuthorization(options: [.alert, .sound]))
        try await center.setNotificationCategories([
            NotificationCategory(
                identifier: "brew",
                actions: [
                    NotificationAction(identifier: "drink", title: "Drink it"),
                    NotificationAction(
                        identifier: "note", title: "Note", textInput: .init(buttonTitle: "Save", placeholder: "How?")),
                ])
        ])

        // Delivered → Notify with the title, the body and the actions (the text-input one stays in the suite).
        try await center.add(
            NotificationRequest(
                identifier: "tea",
                content: .init(title: "Tea is ready", body: "Green, 3 min\n'steeped'", categoryIdentifier: "brew"),
                trigger: nil))
        let first = try #require(
            await desktop.server.waitForEvent("notify", limit: 30), "no Notify reached the server")
        #expect(first["summary"] as? String == "Tea is ready")
        #expect(first["body"] as? String == "Green, 3 min\n'steeped'")
        #expect(first["actions"] as? [String] == ["default", "Open", "drink", "Drink it"])
        #expect(first["replaces"] as? Int == 0)
        let id = try #require(first["id"] as? Int)
        try await Desktop.poll("dbus-monitor seeing Notify") {
            let seen = desktop.monitor.transcript
            return seen.contains("member=Notify") && seen.contains("\"Tea is ready\"") && seen.contains("\"drink\"")
        }

        // The same request again replaces the desktop copy (replaces_id).
        try await center.add(
            NotificationRequest(
                identifier: "tea", content: .init(title: "Tea is ready", body: "Now", categoryIdentifier: "brew"),
                trigger: nil))
        let second = try #require(await desktop.server.waitForEvent("notify", skipping: 1, limit: 30))
        #expect(second["replaces"] as? Int == id && second["body"] as? String == "Now")

        // A real ActionInvoked signal → the app's didReceive with the action, then the notification leaves.
        try await desktop.control("Invoke", ["uint32 \(id)", "'drink'"])
        try await Desktop.poll("the response to reach the app") {
            log.all.contains {
                if case .didReceive(let response) = $0 {
                    return response.actionIdentifier == "drink" && response.notification.request.identifier == "tea"
                }
                return false
            }
        }
        try await Desktop.poll("the acted-on notification to leave") {
            log.all.contains {
                if case .removed(let removal) = $0 { return removal.identifiers == ["tea"] } else { return false }
            }
        }
        #expect(try await center.deliveredNotifications().isEmpty)

        // NotificationClosed with reason 2 (dismissed by the user) → removed from the daemon.
        try await center.add(
            NotificationRequest(identifier: "biscuit", content: .init(title: "Biscuits"), trigger: nil))
        let third = try #require(await desktop.server.waitForEvent("notify", skipping: 2, limit: 30))
        #expect(third["summary"] as? String == "Biscuits" && third["actions"] as? [String] == ["default", "Open"])
        let biscuitID = try #require(third["id"] as? Int)
        #expect(try await center.deliveredNotifications().map(\.request.identifier) == ["biscuit"])
        try await desktop.control("Close", ["uint32 \(biscuitID)", "uint32 2"])
        try await Desktop.poll("the dismissal to remove it") {
            log.all.contains {
                if case .removed(let removal) = $0 { return removal.identifiers == ["biscuit"] } else { return false }
            }
        }
        #expect(try await center.deliveredNotifications().isEmpty)
        // A dismissal is not a response (no customDismissAction on the desktop).
        #expect(
            !log.all.contains {
                if case .didReceive(let r) = $0 {
                    return r.notification.request.identifier == "biscuit"
                } else {
                    return false
                }
            })
    }

    /// Every call the bridge makes (capabilities, each Notify, the signals' subscription) travels on one
    /// connection: one sender on the bus, where a `gdbus` child per call was a new sender each time.
    @Test func everyCallTravelsOnOneConnection() async throws {
        let desktop = try await Desktop()
        defer { desktop.tearDown() }
        let harness = try await startDaemon(bridgingTo: desktop)
        defer { harness.tearDown() }
        for (index, title) in ["one", "two", "three"].enumerated() {
            let sent = try await harness.run(["notify", "--title", title])
            #expect(sent.status == 0, "\(sent.output)")
            let call = try #require(await desktop.server.waitForEvent("notify", skipping: index, limit: 30))
            #expect(call["summary"] as? String == title)
        }
        try await Desktop.poll("dbus-monitor seeing the three calls") {
            desktop.monitor.transcript.components(separatedBy: "member=Notify").count == 4
        }
        // dbus-monitor prints each message as a header line and its indented arguments.
        let blocks = desktop.monitor.transcript.components(separatedBy: "\n").reduce(into: [String]()) {
            blocks, line in
            if line.hasPrefix(" "), !blocks.isEmpty {
                blocks[blocks.count - 1] += "\n" + line
            } else {
                blocks.append(line)
            }
        }
        let bridge = blocks.filter {
            $0.contains("member=Notify") || $0.contains("member=GetCapabilities")
                || ($0.contains("member=AddMatch") && $0.contains("path='/org/freedesktop/Notifications'"))
        }
        let senders = Set(bridge.compactMap { $0.split(separator: " ").first { $0.hasPrefix("sender=") } })
        #expect(bridge.count >= 5 && senders.count == 1, "\(bridge)")
    }

    /// The server may signal a dismissal before `Notify`'s answer has brought the bridge the id: the dismissal
    /// still reaches the daemon (before, the bridge dropped a signal for an id it did not know yet).
    @Test func aDismissalBeforeNotifyAnswersIsNotLost() async throws {
        let desktop = try await Desktop()
        defer { desktop.tearDown() }
        let harness = try await startDaemon(bridgingTo: desktop)
        defer { harness.tearDown() }
        try await desktop.waitForTheBridgesSubscription()
        let sent = try await harness.run(["notify", "--title", "Dismissed before the reply"])
        #expect(sent.status == 0, "\(sent.output)")
        #expect(await desktop.server.waitForEvent("notify", limit: 30) != nil, "no Notify reached the server")
        let left = try await NotificationCLITests.poll(harness, ["notifications", "delivered"]) { $0.isEmpty }
        #expect(left.isEmpty, "the dismissal was lost: \(left)")
    }

    @Test func aVanishedServerNeitherHangsNorLosesTheNextDelivery() async throws {
        let desktop = try await Desktop()
        defer { desktop.tearDown() }
        let harness = try await startDaemon(bridgingTo: desktop)
        defer { harness.tearDown() }

        desktop.server.kill()
        #expect(await desktop.server.exitStatus(limit: 30) != nil)
        let sent = try await harness.run(["notify", "--title", "Still here", "--in", "1s"])
        #expect(sent.status == 0, "\(sent.output)")
        // The daemon keeps answering and delivering while the bridge's call fails.
        let listed = try await NotificationCLITests.poll(harness, ["notifications", "delivered"]) { !$0.isEmpty }
        #expect(listed.count == 1)

        // A new server appears: the bridge retries and the delivery reaches it.
        desktop.server = try Desktop.startServer(desktop.serverScript, environment: desktop.environment)
        let retried = try #require(
            await desktop.server.waitForEvent("notify", limit: 60),
            "the bridge did not retry: \(desktop.server.transcript)")
        #expect(retried["summary"] as? String == "Still here")
        let logFile = BatonPaths(environment: ["BATON_HOME": harness.home.path]).logDirectory
            .appendingPathComponent("daemon.log")
        try await Desktop.poll("the failure in the daemon's log") {
            ((try? String(contentsOf: logFile, encoding: .utf8)) ?? "").contains("D-Bus call failed")
        }
    }
}
