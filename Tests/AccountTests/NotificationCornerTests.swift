import Foundation
import Testing

/// Issue 22's corners, through the real binary: pushes that show nothing, pushes to denied apps, pushes whose
/// service extension takes its time.
@Suite(.serialized) struct NotificationCornerTests {
    static let browser = "com.example.apple-samplecode.MonkeyBrowser"

    /// `payload` and `pushOnceFollowed` (the retry until a follower reached the daemon) as the push tests have them.
    let pushes = NotificationPushTests()

    /// A daemon for device A and a follower standing in for device B (for `app`, when given); tear it down.
    func daemonWithFollowerOfB(app: String?) async throws -> (BatonHarness, ProbeProcess) {
        let harness = try BatonHarness()
        harness.environment["BATON_DEVICE"] = "A"
        #expect(try await harness.run(["daemon", "start"]).status == 0)
        let follower = try harness.launch(
            ["notifications", "--follow", "--json", "--device", "B"] + (app.map { ["--app", $0] } ?? []))
        // Subscribed before a test pushes anything it must hear of.
        #expect(await follower.waitForEvent("following") != nil, "\(follower.transcript)")
        return (harness, follower)
    }

    /// Finding 1: a silent push (`content-available: 1`) and a badge-only push reach the app and show nothing:
    /// no `delivered` event, nothing in the delivered list; the badge-only one carries its badge.
    @Test func silentAndBadgeOnlyPushesReachTheAppAndShowNothing() async throws {
        let (harness, follower) = try await daemonWithFollowerOfB(app: Self.browser)
        defer { harness.tearDown() }
        let silent = try pushes.payload(
            harness, "background.apns",
            #"{"Simulator Target Bundle":"\#(Self.browser)","aps":{"content-available":1},"acme1":"bar","acme2":42}"#)
        let badge = try pushes.payload(harness, "badge.json", #"{"aps":{"badge":7}}"#)
        let marker = try pushes.payload(
            harness, "marker.json", #"{"aps":{"alert":"marker","thread-id":"deploys"},"url":"https://example.com/m"}"#)

        let pushed = try await pushes.pushOnceFollowed(harness, [silent, "--device", "B", "--json"])
        #expect(pushed.status == 0, "\(pushed.output)")
        let wake = await follower.waitForEvent("background")
        #expect((wake?["userInfo"] as? [String: Any])?["acme1"] as? String == "bar", "\(follower.transcript)")
        #expect(wake?["kind"] as? String == "background")

        #expect(try await harness.run(["push", badge, "--app", Self.browser, "--device", "B"]).status == 0)
        let badged = await follower.waitForEvent("background", skipping: 1)
        #expect(badged?["badge"] as? Int == 7, "\(follower.transcript)")

        // The first delivery the follower hears of is the marker: neither silent push became a notification.
        try await expectOnlyTheMarker(marker, harness, follower)
    }

    /// Pushes `marker` to B: it is the first delivery B's follower hears of, and the only one B keeps.
    func expectOnlyTheMarker(_ marker: String, _ harness: BatonHarness, _ follower: ProbeProcess) async throws {
        #expect(try await harness.run(["push", marker, "--app", Self.browser, "--device", "B"]).status == 0)
        let first = await follower.waitForEvent("delivered")
        #expect(first?["body"] as? String == "marker", "\(follower.transcript)")
        // --follow --json carries what a script acts on: the thread, the level, the custom keys (url).
        #expect(first?["thread"] as? String == "deploys" && first?["interruptionLevel"] as? String == "active")
        #expect((first?["userInfo"] as? [String: Any])?["url"] as? String == "https://example.com/m")
        let listed = try await NotificationCLITests.poll(
            harness, ["notifications", "delivered", "--device", "B", "--app", Self.browser]
        ) { !$0.isEmpty }
        #expect(listed.count == 1, "only the marker is kept: \(listed)")
    }

    /// Finding 7: a push to an app whose notifications are denied on the device is reported as not shown
    /// (reason: denied); nothing is kept and no one is told.
    @Test func aPushToADeniedAppIsNotShownKeptOrAnnounced() async throws {
        let (harness, follower) = try await daemonWithFollowerOfB(app: Self.browser)
        defer { harness.tearDown() }
        let settings = ["notifications", "settings", "--app", Self.browser, "--device", "B"]
        // Until the follower has reached the daemon, device B is unknown.
        let deadline = Date().addingTimeInterval(60)
        var denied = try await harness.run(settings + ["--deny"])
        while denied.status != 0, Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
            denied = try await harness.run(settings + ["--deny"])
        }
        #expect(denied.status == 0, "\(denied.output)")

        let hidden = try pushes.payload(harness, "hidden.json", #"{"aps":{"alert":"hidden"}}"#)
        let pushed = try await harness.run(["push", hidden, "--app", Self.browser, "--device", "B", "--json"])
        #expect(pushed.status == 0, "\(pushed.output)")
        let outcome = try JSONSerialization.jsonObject(with: Data(pushed.output.utf8)) as? [String: Any]
        #expect(outcome?["notShown"] as? [String: String] == ["B": "denied"], "\(pushed.output)")
        #expect((outcome?["delivered"] as? [String])?.isEmpty == true)
        let text = try await harness.run(["push", hidden, "--app", Self.browser, "--device", "B"])
        #expect(text.output.contains("not shown on B (denied)"), "\(text.output)")

        #expect(try await harness.run(settings + ["--allow"]).status == 0)
        let marker = try pushes.payload(
            harness, "marker.json", #"{"aps":{"alert":"marker","thread-id":"deploys"},"url":"https://example.com/m"}"#)
        try await expectOnlyTheMarker(marker, harness, follower)
    }

    /// An app with the faulty test extension as its notification service extension, in resources of its own.
    func installSlowApp(_ harness: BatonHarness) throws -> String {
        let app = "com.example.slow"
        let resources = harness.home.appendingPathComponent("resources")
        let plugIn = resources.appendingPathComponent("Slow/PlugIns/Ext")
        try FileManager.default.createDirectory(at: plugIn, withIntermediateDirectories: true)
        func plist(_ entries: String) -> Data {
            Data(
                (#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>"# + entries + "</dict></plist>")
                    .utf8)
        }
        try plist("<key>CFBundleIdentifier</key><string>\(app)</string>")
            .write(to: resources.appendingPathComponent("Slow/Info.plist"))
        try plist(
            "<key>CFBundleIdentifier</key><string>\(app).service</string>"
                + "<key>CFBundleExecutable</key><string>faulty-push-extension</string>"
                + "<key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key>"
                + "<string>com.apple.usernotifications.service</string></dict>"
        ).write(to: plugIn.appendingPathComponent("Info.plist"))
        harness.environment["BATON_RESOURCES"] = resources.path
        return app
    }

    /// Finding 3: a push whose service extension takes longer than the CLI's 5 s is answered at once as
    /// accepted (stored), then delivered; `--wait` waits for where it went.
    @Test func aSlowServiceExtensionsPushIsAcceptedAtOnceAndDeliveredAfterwards() async throws {
        let harness = try BatonHarness()
        harness.environment["BATON_DEVICE"] = "A"
        defer { harness.tearDown() }
        let app = try installSlowApp(harness)
        #expect(try await harness.run(["daemon", "start"]).status == 0)
        let follower = try harness.launch(["notifications", "--follow", "--json", "--device", "B", "--app", app])
        // `slow` leaves a best attempt and never finishes: the daemon delivers the best attempt at its 30 s limit.
        let slow = try pushes.payload(
            harness, "slow.json", #"{"aps":{"alert":{"title":"Original"},"mutable-content":1},"fault":"slow"}"#)
        let accepted = try await pushes.pushOnceFollowed(harness, [slow, "--app", app, "--device", "B", "--json"])
        #expect(accepted.status == 0, "\(accepted.output)")
        let answer = try JSONSerialization.jsonObject(with: Data(accepted.output.utf8)) as? [String: Any]
        #expect(answer?["state"] as? String == "accepted", "\(accepted.output)")
        let delivery = await follower.waitForEvent("delivered", limit: 120)
        #expect(delivery?["title"] as? String == "Best attempt", "\(follower.transcript)")

        // --wait: the answer is where it went (the well-behaved path of the same extension).
        let quick = try pushes.payload(
            harness, "quick.json", #"{"aps":{"alert":{"title":"Quick"},"mutable-content":1}}"#)
        let waited = try await harness.run(["push", quick, "--app", app, "--device", "B", "--wait", "--json"])
        #expect(waited.status == 0, "\(waited.output)")
        let final = try JSONSerialization.jsonObject(with: Data(waited.output.utf8)) as? [String: Any]
        #expect(final?["state"] == nil && final?["delivered"] as? [String] == ["B"], "\(waited.output)")
        let modified = await follower.waitForEvent("delivered", skipping: 1)
        #expect(modified?["title"] as? String == "Modified: Quick", "\(follower.transcript)")
    }

    /// Finding 9: `baton notify` from a plain shell (no --device, no BATON_DEVICE) reaches every device of the
    /// account, and the answer names them.
    @Test func notifyFromAPlainShellReachesEveryDeviceAndSaysWhere() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        #expect(try await harness.run(["daemon", "start"]).status == 0)
        let first = try harness.launch(["notifications", "--follow", "--json", "--device", "suite-1"])
        let second = try harness.launch(["notifications", "--follow", "--json", "--device", "suite-2"])
        let firstFollows = await first.waitForEvent("following")
        let secondFollows = await second.waitForEvent("following")
        #expect(firstFollows != nil && secondFollows != nil)

        let added = try await harness.run(["notify", "--title", "hi", "--in", "1s", "--id", "hi", "--json"])
        #expect(added.status == 0, "\(added.output)")
        let answer = try JSONSerialization.jsonObject(with: Data(added.output.utf8)) as? [String: Any]
        #expect(answer?["devices"] as? [String] == ["suite-1", "suite-2"], "\(added.output)")
        for follower in [first, second] {
            let delivery = await follower.waitForEvent("delivered")
            #expect(delivery?["title"] as? String == "hi", "\(follower.transcript)")
        }
        let text = try await harness.run(["notify", "--title", "again", "--in", "1h"])
        #expect(text.output.contains("on suite-1, suite-2"), "\(text.output)")
        // A named device gets it alone.
        let named = try await harness.run(["notify", "--title", "one", "--in", "1h", "--device", "suite-2", "--json"])
        let only = try JSONSerialization.jsonObject(with: Data(named.output.utf8)) as? [String: Any]
        #expect(only?["devices"] as? [String] == ["suite-2"], "\(named.output)")
    }

    /// Finding 8: devices, exit codes and option values agree across the CLI.
    @Test func devicesExitCodesAndNegativeValuesAgree() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        #expect(try await harness.run(["daemon", "start"]).status == 0)
        // --device names this terminal's device as BATON_DEVICE does: a new name makes a new device.
        let created = try await harness.run(["notify", "--title", "t", "--in", "1h", "--device", "new", "--json"])
        #expect(created.status == 0, "\(created.output)")
        // Negative numbers are values: the badge is refused for being negative, the southern latitude is read.
        let badge = try await harness.run(["notify", "--title", "t", "--in", "1h", "--device", "new", "--badge", "-1"])
        #expect(badge.status == 64 && badge.output.contains("0 or more"), "\(badge.output)")
        let south = try await harness.run([
            "notify", "--title", "Sydney", "--near", "-33.8,151.2", "--radius", "100", "--device", "new",
        ])
        #expect(south.status == 0, "\(south.output)")
        let empty = try await harness.run(["notify", "--title", "", "--in", "1h", "--device", "new"])
        #expect(empty.status == 65, "\(empty.output)")
        // --now would move only this command's clock, not the daemon's that schedules: refused.
        let now = try await harness.run([
            "notify", "--title", "t", "--in", "1h", "--device", "new", "--now", "2030-01-01T00:00:00Z",
        ])
        #expect(now.status == 64 && now.output.contains("daemon's clock"), "\(now.output)")

        // A device that holds requests but is not connected is a device: the push waits for it.
        let page = try pushes.payload(harness, "page.json", #"{"aps":{"alert":"for new"}}"#)
        let waiting = try await harness.run(["push", page, "--app", "com.baton.cli", "--device", "new", "--json"])
        #expect(waiting.status == 0, "\(waiting.output)")
        let outcome = try JSONSerialization.jsonObject(with: Data(waiting.output.utf8)) as? [String: Any]
        #expect(outcome?["waiting"] as? [String] == ["new"], "\(waiting.output)")

        // A missing file is not an APNs reason; the daemon's refusals print JSON under --json.
        let missing = try await harness.run(["push", harness.home.appendingPathComponent("nope.json").path])
        #expect(missing.status == 66 && !missing.output.contains("PayloadEmpty"), "\(missing.output)")
        let unknownApp = try await harness.run(["push", page, "--app", "com.example.nothing", "--json"])
        #expect(unknownApp.status == 36, "\(unknownApp.output)")
        let refusals = unknownApp.output.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
        #expect(refusals.first?["reason"] as? String == "BadTopic", "\(unknownApp.output)")

        // Listing an unknown app or device is exit 67, as the help says.
        #expect(try await harness.run(["notifications", "pending", "--app", "com.example.nothing"]).status == 67)
        #expect(try await harness.run(["notifications", "delivered", "--device", "nobody"]).status == 67)
        #expect(try await harness.run(["notifications", "pending", "--device", "new"]).status == 0)
    }
}
