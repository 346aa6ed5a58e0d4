import Foundation
import Testing

/// Issue 41 end to end: `baton ntfy on` serves ntfy's API for the daemon, and the `curl` examples of ntfy's
/// publishing and subscribing documentation that need no phone, e-mail or Firebase work with only the host
/// changed: each message is a notification of the app `org.freedesktop.ntfy.TOPIC`, and a subscriber's stream
/// (`curl -sN …/json`, as the documentation subscribes) gets it.
@Suite(.serialized) struct NtfyEndToEndTests {
    @Test func ntfysCurlExamplesPublishAndSubscribe() async throws {
        let fixture = try await BatonFixture()
        let environment = fixture.environment
        let host = try Self.turnOn(fixture)
        let status = try Shell.run(fixture.binary, ["ntfy", "status"], environment: environment)
        #expect(status.contains("ntfy on: http://\(host) (pid "), "\(status)")

        // A subscriber first, as `curl -s ntfy.sh/mytopic/json` subscribes; it says `open` once it listens.
        let stream = fixture.home.appendingPathComponent("stream.out").path
        let subscriber = try Shell.spawn(
            "curl", ["-sN", "http://\(host)/mytopic,phil_alerts/json"], environment: environment, output: stream)
        defer { kill(subscriber, SIGTERM) }
        try await Self.waitFor(#""event":"open""#, in: stream)

        func curl(_ arguments: [String]) throws -> String {
            try Shell.run("curl", ["-s"] + arguments, environment: environment)
        }
        // Publishing, from ntfy's documentation with only the host changed.
        let backup = try curl(["-d", "Backup successful 😀", "\(host)/mytopic"])
        #expect(backup.contains(#""event":"message""#) && backup.contains("Backup successful 😀"), "\(backup)")
        _ = try curl([
            "-H", "Title: Unauthorized access detected", "-H", "Priority: urgent", "-H", "Tags: warning,skull",
            "-d", "Remote access to phone detected. Act right away.", "\(host)/phil_alerts",
        ])
        _ = try curl(["-H", "p:4", "-H", "t:Short headers", "-d", "Aliases work", "\(host)/mytopic"])
        _ = try curl([
            "-H",
            "Actions: view, Open portal, https://home.nest.com/, clear=true; http, Turn down, https://api.nest.com/, body='{\"temperature\": 65}'",
            "-d", "You left the house. Turn down the A/C?", "\(host)/mytopic",
        ])
        _ = try curl(["-d", "Look ma, **bold text**, *italics*", "-H", "Markdown: yes", "\(host)/mytopic"])
        _ = try curl(["\(host)/mytopic/publish?message=Hi+from+a+webhook&priority=high&tags=warning"])
        _ = try curl(["\(host)/mytopic/trigger"])
        let json = try curl([
            host, "-d",
            #"{"topic":"mytopic","message":"Disk space is low at 5.1 GB","title":"Low disk space alert","tags":["warning","cd"],"priority":4}"#,
        ])
        #expect(json.contains("Low disk space alert"), "\(json)")
        let delayed = try curl(["-H", "In: 30min", "-d", "Later, alligator", "\(host)/mytopic"])
        #expect(delayed.contains("Later, alligator"), "\(delayed)")
        // What a server without e-mail or calls answers.
        let email = try curl(["-H", "Email: phil@example.com", "-d", "x", "\(host)/mytopic"])
        #expect(email.contains(#""code":40001"#) && email.contains(#""http":400"#), "\(email)")
        let priority = try curl(["-w", "%{http_code}", "-H", "Priority: 6", "-d", "x", "\(host)/mytopic"])
        #expect(priority.contains("40007") && priority.hasSuffix("400"), "\(priority)")

        // The subscriber saw them as they came; the delayed one is not there yet.
        try await Self.waitFor("Disk space is low at 5.1 GB", in: stream)
        let seen = (try? String(contentsOfFile: stream, encoding: .utf8)) ?? ""
        #expect(seen.contains("Remote access to phone detected") && seen.contains("triggered"), "\(seen)")
        #expect(!seen.contains("Later, alligator"))
        // Polling the cache, as the documentation does; scheduled=1 shows the delayed one.
        let poll = try curl(["\(host)/mytopic/json?poll=1"])
        #expect(poll.split(separator: "\n").count == 7, "\(poll)")
        #expect(try curl(["\(host)/mytopic/json?poll=1&scheduled=1"]).contains("Later, alligator"))
        let raw = try curl(["\(host)/mytopic/raw?poll=1&since=latest"])
        #expect(raw == "Disk space is low at 5.1 GB\n", "\(raw)")
        let sse = try curl(["\(host)/phil_alerts/sse?poll=1"])
        #expect(sse.hasPrefix("id: ") && sse.contains("data: {"), "\(sse)")

        // Each is a notification of the topic's app, with the mapping's content.
        let delivered = try Shell.run(
            fixture.binary, ["notifications", "delivered", "--app", "org.freedesktop.ntfy.phil_alerts", "--json"],
            environment: environment)
        #expect(delivered.contains("⚠️ 💀 Unauthorized access detected"), "\(delivered)")
        #expect(delivered.contains(#""interruptionLevel" : "timeSensitive""#), "\(delivered)")
        let pending = try Shell.run(
            fixture.binary, ["notifications", "pending", "--app", "org.freedesktop.ntfy.mytopic", "--json"],
            environment: environment)
        #expect(pending.contains("Later, alligator"), "\(pending)")

        #expect(try Shell.run(fixture.binary, ["ntfy", "off"], environment: environment).contains("ntfy off"))
        #expect(try Shell.run(fixture.binary, ["ntfy", "status"], environment: environment).contains("ntfy off"))
    }

    /// Apprise (PyPI, `scripts/setup.sh --test` installs it), a notification router nobody here wrote, with its
    /// `ntfy://` URL pointing here: its JSON to `/` with `X-Priority` and `X-Tags` beside it becomes the topic's
    /// notification with both. Skipped only where apprise is missing and `CI` is unset.
    @Test func appriseNtfyNotificationsLandUnchanged() async throws {
        let probe = try? Shell.run("/usr/bin/env", ["python3", "-c", "import apprise"])
        if probe == nil, ProcessInfo.processInfo.environment["CI"] == nil {
            print("skipped: apprise is not installed (pip install apprise==2.2.0, or scripts/setup.sh --test)")
            return
        }
        let fixture = try await BatonFixture()
        let environment = fixture.environment
        let host = try Self.turnOn(fixture)
        let script = """
            import sys, apprise
            a = apprise.Apprise()
            a.add("ntfy://\(host)/apprise_topic?priority=high&tags=warning")
            print("sent" if a.notify(title="From Apprise", body="Sent by apprise") else "failed")
            """
        let sent = try Shell.run("/usr/bin/env", ["python3", "-c", script], environment: environment)
        #expect(sent.contains("sent"), "\(sent)")
        let delivered = try Shell.run(
            fixture.binary, ["notifications", "delivered", "--app", "org.freedesktop.ntfy.apprise_topic", "--json"],
            environment: environment)
        #expect(delivered.contains("⚠️ From Apprise") && delivered.contains("Sent by apprise"), "\(delivered)")
        #expect(delivered.contains(#""interruptionLevel" : "timeSensitive""#), "\(delivered)")
    }

    /// `baton ntfy on` on any free loopback port; its `host:port`.
    static func turnOn(_ fixture: BatonFixture) throws -> String {
        let on = try Shell.run(
            fixture.binary, ["ntfy", "on", "--listen", "127.0.0.1:0"], environment: fixture.environment)
        let line = try #require(on.split(separator: "\n").last { $0.hasPrefix("ntfy on: http://") })
        return String(line.dropFirst("ntfy on: http://".count))
    }

    /// Waits until `file` holds `needle` (a hang guard of 30 s, never a timing assumption).
    static func waitFor(_ needle: String, in file: String) async throws {
        for _ in 0..<1_500 {
            if let text = try? String(contentsOfFile: file, encoding: .utf8), text.contains(needle) { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("\(needle) never appeared in \(file)")
    }
}
