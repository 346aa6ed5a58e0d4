import Foundation
import Testing

/// Baton as the machine's freedesktop notification server, driven with Debian's real `notify-send`
/// (libnotify-bin) and `gdbus` over a real `dbus-daemon --session`: each method and signal as the Desktop
/// Notifications Specification 1.2 words it.
@Suite(.serialized) struct FreedesktopServerEndToEndTests {
    static let object = [
        "--session", "--dest", "org.freedesktop.Notifications", "--object-path", "/org/freedesktop/Notifications",
    ]

    func gdbus(_ server: FreedesktopServerFixture, _ method: String, _ arguments: [String] = []) throws -> String {
        try server.run(
            ["/usr/bin/gdbus", "call"] + Self.object + ["--method", "org.freedesktop.Notifications." + method]
                + arguments)
    }

    /// `notify-send -a App "build done"` is a delivered notification of the app `org.freedesktop.App` on B;
    /// its body's markup is shown as text.
    @Test func notifySendIsDelivered() async throws {
        let server = try await FreedesktopServerFixture()
        defer { server.close() }
        try server.run(["/usr/bin/notify-send", "-a", "App", "build done"])
        try await FreedesktopServerFixture.poll("the delivered notification") {
            try server.delivered().contains("build done")
        }
        let list = try server.delivered()
        #expect(list.contains(#""bundleIdentifier" : "org.freedesktop.App""#))
        #expect(list.contains(#""device" : "B""#))
        try server.run([
            "/usr/bin/notify-send", "-a", "Build Bot", "-u", "critical", "markup",
            #"<b>bold</b> &amp; <a href="https://example.com/">a link</a> <blink>"#,
        ])
        try await FreedesktopServerFixture.poll("the markup notification") {
            try server.delivered().contains("org.freedesktop.Build-Bot")
        }
        let markup = try server.delivered()
        #expect(markup.contains(#"bold & a link (https://example.com/) <blink>"#))
        #expect(markup.contains(#""interruptionLevel" : "critical""#))

        // -u low is passive; the desktop-entry hint names the app; suppress-sound silences it.
        try server.run([
            "/usr/bin/notify-send", "-a", "ignored", "-u", "low", "-h", "string:desktop-entry:backup-tool", "-h",
            "boolean:suppress-sound:true", "nightly backup",
        ])
        try await FreedesktopServerFixture.poll("the backup notification") {
            try server.delivered(titled: "nightly backup") != nil
        }
        let backup = try #require(try server.delivered(titled: "nightly backup"))
        #expect(backup.owner["bundleIdentifier"] as? String == "org.freedesktop.backup-tool")
        #expect(backup.content["interruptionLevel"] as? String == "passive")
        #expect(backup.content["sound"] == nil)

        // image-path: the file is attached (copied into the daemon's store).
        let image = server.fixture.home.appendingPathComponent("build.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: image)
        try server.run([
            "/usr/bin/notify-send", "-a", "App", "-h", "string:image-path:file://\(image.path)", "with an image",
        ])
        try await FreedesktopServerFixture.poll("the notification with an image") {
            try server.delivered(titled: "with an image") != nil
        }
        let attachments = try #require(try server.delivered(titled: "with an image")?.content["attachments"] as? [Any])
        #expect(attachments.count == 1)

        // -p prints the id; -r with it replaces that notification under the same identifier.
        let id = try server.run(["/usr/bin/notify-send", "-p", "-a", "App", "step 1 of 2"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(UInt32(id) != nil, "\(id)")
        let replacedID = try server.run(["/usr/bin/notify-send", "-p", "-r", id, "-a", "App", "step 2 of 2"])
        #expect(replacedID.trimmingCharacters(in: .whitespacesAndNewlines) == id)
        try await FreedesktopServerFixture.poll("the replacement") {
            try server.delivered(titled: "step 2 of 2") != nil
        }
        #expect(try server.delivered(titled: "step 1 of 2") == nil)
    }

    /// The daemon supervises the server: killed, it is started again and owns the name again.
    @Test func aKilledServerIsStartedAgain() async throws {
        let server = try await FreedesktopServerFixture()
        defer { server.close() }
        let lock = server.fixture.home.appendingPathComponent("run/notification-server.lock")
        let first = try #require(
            pid_t(try String(contentsOf: lock, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(first, SIGKILL)
        try await FreedesktopServerFixture.poll("another server") {
            let text = (try? String(contentsOf: lock, encoding: .utf8)) ?? ""
            let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
            return pid != nil && pid != first && kill(pid ?? 0, 0) == 0
        }
        try await server.waitForName("owner")
        try server.run(["/usr/bin/notify-send", "-a", "App", "after the restart"])
        try await FreedesktopServerFixture.poll("the delivered notification") {
            try server.delivered(titled: "after the restart") != nil
        }
    }

    /// No loop with the bridge (Baton → the bus's server) on the same bus: what the bridge forwards to Baton's
    /// own server is answered and not added again.
    @Test func theBridgeOnTheSameBusMakesNoLoop() async throws {
        let server = try await FreedesktopServerFixture(extraEnvironment: ["BATON_FREEDESKTOP_NOTIFICATIONS": "on"])
        defer { server.close() }
        let log = server.fixture.home.appendingPathComponent("notify-calls.log")
        let monitor = try FreedesktopServerFixture.start(
            [
                "/usr/bin/dbus-monitor", "--address", server.address,
                "interface='org.freedesktop.Notifications',member='Notify'",
            ], environment: server.environment, output: log)
        defer { FreedesktopServerFixture.stop(monitor) }
        try await FreedesktopServerFixture.waitFor("NameAcquired", in: log)
        // The bridge forwards only what a banner would show: a program is allowed from its first notification.
        try server.run(["/usr/bin/notify-send", "-a", "App", "no loop"])
        // The bridge forwards the delivery back to the bus (under the program's name, marked Baton's own by its
        // desktop-entry hint)…
        let calls = try await FreedesktopServerFixture.waitFor(#"string "baton""#, in: log)
        #expect(calls.contains(#"string "App""#), "\(calls)")
        // …and a later call is answered after it (one connection's messages are handled in order).
        _ = try gdbus(server, "GetServerInformation")
        let list = try server.delivered()
        #expect(list.components(separatedBy: #""title" : "no loop""#).count == 2, "\(list)")
        #expect(!list.contains("org.freedesktop.Baton") && !list.contains("org.freedesktop.baton"), "\(list)")
    }

    /// `GetServerInformation` and `GetCapabilities` answer as the specification says; links are handled (their
    /// text and address shown), so `body-hyperlinks` is offered (issue 39).
    @Test func informationAndCapabilities() async throws {
        let server = try await FreedesktopServerFixture()
        defer { server.close() }
        #expect(try gdbus(server, "GetServerInformation") == "('Baton', 'Baton', '0.1.0', '1.2')\n")
        #expect(
            try gdbus(server, "GetCapabilities")
                == "(['actions', 'body', 'body-hyperlinks', 'body-markup', 'persistence', 'sound', 'synchronous', "
                + "'x-canonical-private-synchronous', 'x-dunst-stack-tag'],)\n")
        // Not `icon-static`: a terminal draws no icon frames (it names the icon; an image is an attachment).
        #expect(try !gdbus(server, "GetCapabilities").contains("icon-"))
    }

    /// `Notify` returns an id (the same one again with `replaces_id`); `CloseNotification` removes the
    /// notification and emits `NotificationClosed(id, 3)`.
    @Test func closeNotificationEmitsClosedByACall() async throws {
        let server = try await FreedesktopServerFixture()
        defer { server.close() }
        let log = server.fixture.home.appendingPathComponent("monitor.log")
        let monitor = try FreedesktopServerFixture.start(
            ["/usr/bin/gdbus", "monitor"] + Self.object, environment: server.environment, output: log)
        defer { FreedesktopServerFixture.stop(monitor) }
        try await FreedesktopServerFixture.waitFor("Monitoring signals", in: log)
        let notify = [
            "App", "uint32 0", "", "to close", "", "@as []", "@a{sv} {}", "int32 -1",
        ]
        let answer = try gdbus(server, "Notify", notify)
        let id = try #require(answer.split(separator: " ").last.flatMap { UInt32($0.filter(\.isNumber)) })
        var replaced = notify
        replaced[1] = "uint32 \(id)"
        replaced[3] = "to close, replaced"
        #expect(try gdbus(server, "Notify", replaced) == "(uint32 \(id),)\n")
        try await FreedesktopServerFixture.poll("the replacement") {
            try server.delivered().contains("to close, replaced")
        }
        let replacedList = try server.delivered()
        #expect(!replacedList.contains(#""to close""#), "\(replacedList)")
        #expect(try gdbus(server, "CloseNotification", ["uint32 \(id)"]) == "()\n")
        try await FreedesktopServerFixture.waitFor("NotificationClosed (uint32 \(id), uint32 3)", in: log)
        let closedList = try server.delivered()
        #expect(!closedList.contains("to close"), "\(closedList)")
    }
}

/// Who owns the name: a running server keeps it (Baton waits, and takes over when it leaves); `--replace` takes
/// it, and `off` gives it back.
@Suite struct FreedesktopNameOwnershipEndToEndTests {
    func information(_ server: FreedesktopServerFixture) throws -> String {
        try server.run(
            ["/usr/bin/gdbus", "call"] + FreedesktopServerEndToEndTests.object + [
                "--method", "org.freedesktop.Notifications.GetServerInformation",
            ])
    }

    @Test func batonNeverStealsTheNameUnlessReplacing() async throws {
        let server = try await FreedesktopServerFixture(serving: false)
        defer { server.close() }
        let script = server.fixture.home.appendingPathComponent("other.py")
        try Data(FreedesktopOtherServerScript.source.utf8).write(to: script)
        let log = server.fixture.home.appendingPathComponent("other.log")
        let other = try FreedesktopServerFixture.start(
            ["/usr/bin/python3", script.path], environment: server.environment, output: log)
        defer { FreedesktopServerFixture.stop(other) }
        try await FreedesktopServerFixture.waitFor("ready", in: log)

        try server.baton(["notifications", "server", "on", "--device", "B"])
        try await server.waitForName("waiting")
        #expect(try information(server).hasPrefix("('Other',"))

        try server.baton(["notifications", "server", "on", "--replace", "--device", "B"])
        try await server.waitForName("owner")
        try await FreedesktopServerFixture.waitFor("lost", in: log)
        #expect(try information(server).hasPrefix("('Baton',"))

        try server.baton(["notifications", "server", "off"])
        try await FreedesktopServerFixture.waitFor("lost\nacquired", in: log)
        #expect(try information(server).hasPrefix("('Other',"))

        // Waiting behind the other server, Baton takes over once it leaves.
        try server.baton(["notifications", "server", "on", "--device", "B"])
        try await server.waitForName("waiting")
        FreedesktopServerFixture.stop(other)
        try await server.waitForName("owner")
        #expect(try information(server).hasPrefix("('Baton',"))
    }
}

/// A host with no session bus (SSH, a container): `on --bus` starts a private `dbus-daemon` under the runtime
/// directory and prints the line for the shell's profile; `off` stops it.
@Suite struct FreedesktopPrivateBusEndToEndTests {
    @Test func onWithBusPrintsTheAddressLineAndOffStopsTheBus() async throws {
        let fixture = try await BatonFixture()
        defer {
            _ = try? Shell.run(fixture.binary, ["notifications", "server", "off"], environment: fixture.environment)
        }
        let output = try Shell.run(
            fixture.binary, ["notifications", "server", "on", "--bus", "--device", "B"],
            environment: fixture.environment)
        let address = "unix:path=\(fixture.home.path)/run/session-bus"
        let line = output.split(separator: "\n").first { $0.hasPrefix("DBUS_SESSION_BUS_ADDRESS=") }
        #expect(line == "DBUS_SESSION_BUS_ADDRESS='\(address)'; export DBUS_SESSION_BUS_ADDRESS", "\(output)")
        #expect(
            try Shell.run(fixture.binary, ["env"], environment: fixture.environment) == "\(line ?? "")\n")
        let environment = fixture.environment.merging(["DBUS_SESSION_BUS_ADDRESS": address]) { _, new in new }
        try Shell.run("/usr/bin/notify-send", ["-a", "Headless", "over ssh"], environment: environment)
        try await FreedesktopServerFixture.poll("the delivered notification") {
            try Shell.run(fixture.binary, ["notifications", "delivered"], environment: environment)
                .contains("org.freedesktop.Headless@B")
        }
        let status = try Shell.run(fixture.binary, ["notifications", "server", "status"], environment: environment)
        #expect(status.contains("owns the name") && status.contains("(private)"), "\(status)")
        try Shell.run(fixture.binary, ["notifications", "server", "off"], environment: environment)
        try await FreedesktopServerFixture.poll("the private bus to stop") {
            (try? Shell.run("/usr/bin/notify-send", ["-a", "Headless", "after off"], environment: environment)) == nil
        }
        #expect(try Shell.run(fixture.binary, ["env"], environment: fixture.environment) == "")
    }
}

/// What a client chooses or sends cannot break the server: actions chosen in the suite reach `notify-send
/// --wait`; oversized, malformed and flooding calls get an answer each.
@Suite(.serialized) struct FreedesktopServerClientsEndToEndTests {
    /// `notify-send -A ok=OK --wait` prints `ok` when OK is chosen on the banner in the suite (tmux).
    /// (The suite once sent the response and the removal as two racing calls; when the removal won, the server
    /// closed the notification first and `--wait` ended without the action.)
    @Test func anActionChosenInTheSuiteReachesNotifySendWait() async throws {
        let server = try await FreedesktopServerFixture()
        defer { server.close() }
        let suite = try TmuxSession(command: server.fixture.suiteCommand("--device B"), environment: server.environment)
        defer { suite.close() }
        try await suite.waitFor("F4 Notifications")
        // The program's first notification: allowed, as every freedesktop server shows every program's.
        let (waiting, output) = try server.waitingNotifySend("pick one")
        defer { FreedesktopServerFixture.stop(waiting) }
        try await FreedesktopServerFixture.chooseOK(in: suite)
        let printed: String
        do {
            printed = try await FreedesktopServerFixture.waitFor("ok\n", in: output)
        } catch {
            let log = server.fixture.home.appendingPathComponent("state/logs/daemon.log")
            let screen = (try? suite.screen()) ?? ""
            let daemon = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            let follow = (try? server.baton(["notifications", "delivered"])) ?? ""
            Issue.record(
                "notify-send running: \(waiting.isRunning)\ndelivered:\n\(follow)\nscreen:\n\(screen)\ndaemon log:\n\(daemon)"
            )
            throw error
        }
        #expect(printed == "ok\n")
        try await FreedesktopServerFixture.poll("notify-send --wait to end") { !waiting.isRunning }
        #expect(waiting.terminationStatus == 0)

        try await server.dismissalEndsTheWait(in: suite)
    }

    /// A 1 MB body, 2 000 actions, an odd action count, unclosed markup, hints of the wrong shape, a 20 MB
    /// byte array for an image, `image-data` of 64 MB or whose numbers lie, invalid UTF-8, a call with the wrong signature and 1 000 calls at once: each is answered (an id
    /// or a D-Bus error), bodies are bounded, and the server still answers after.
    @Test func badInputIsAnsweredAndBounded() async throws {
        let server = try await FreedesktopServerFixture()
        defer { server.close() }
        let script = server.fixture.home.appendingPathComponent("bad.py")
        try Data(FreedesktopBadClientScript.source.utf8).write(to: script)
        let output = try server.run(["/usr/bin/python3", script.path])
        for name in [
            "huge", "many", "odd", "unclosed", "shape", "bigimage", "bigpixels", "shortimage", "deepimage", "liarimage",
            "negativeimage",
        ] {
            #expect(output.contains("\(name) id "), "\(name): \(output)")
        }
        // libdbus refuses to send a string that is not UTF-8 (and the bus would drop it): it never reaches Baton.
        #expect(output.contains("utf8 client-refused") || output.contains("utf8 error"), "\(output)")
        #expect(output.contains("short error org.freedesktop.DBus.Error.InvalidArgs"), "\(output)")
        #expect(output.contains("flood answered 1000 ids "), "\(output)")
        #expect(output.contains("other id "), "\(output)")
        #expect(output.contains("information Baton|Baton|0.1.0|1.2"), "\(output)")
        let list = try server.delivered()
        #expect(list.contains(String(repeating: "x", count: 4_096)))
        #expect(!list.contains(String(repeating: "x", count: 4_097)))
        #expect(list.contains(#""body" : "never closed &amp""#))
        // The server's peak memory: the 64 MB message, held by sd-bus while it is read, and nothing copied from it.
        let lock = server.fixture.home.appendingPathComponent("run/notification-server.lock")
        let pid = try String(contentsOf: lock, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let status = try String(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/status"), encoding: .utf8)
        let peak = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }.map(String.init) ?? "?"
        print("notification server after the bad clients: \(peak)")
        // About 86 MB measured (64 MB of it the message); a copy of the pixels would add 64 MB more.
        let kilobytes = Int(peak.split(separator: " ").dropFirst().first { !$0.isEmpty } ?? "") ?? Int.max
        #expect(kilobytes < 140_000, "\(peak)")
        // Images of the wrong shape or size are ignored: those notifications have no attachment.
        for title in ["a 64 MB image", "pixels missing", "sixteen bits", "alpha liar", "negative"] {
            let item = try #require(try server.delivered(titled: title), "\(title) was not delivered")
            #expect((item.content["attachments"] as? [Any] ?? []).isEmpty, "\(title)")
        }
    }
}
