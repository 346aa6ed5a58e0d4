import Foundation
import Testing

/// `baton push` through the real binary: delivery to another device's follower, collapse ids, refusals.
@Suite(.serialized) struct NotificationPushTests {
    func payload(_ harness: BatonHarness, _ name: String, _ json: String) throws -> String {
        let url = harness.home.appendingPathComponent(name)
        try Data(json.utf8).write(to: url)
        return url.path
    }

    /// Runs `baton push …` again while it fails with BadTopic (36) or BadDeviceToken (37): the follower that
    /// stands in for the device (and its app) has not reached the daemon yet. Gives up after a minute (only a real hang gets there).
    func pushOnceFollowed(_ harness: BatonHarness, _ arguments: [String]) async throws -> (
        status: Int32?, output: String
    ) {
        let deadline = Date().addingTimeInterval(60)
        var result = try await harness.run(["push"] + arguments)
        while result.status == 36 || result.status == 37, Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
            result = try await harness.run(["push"] + arguments)
        }
        return result
    }

    @Test func pushToDeviceBReachesItsFollowerAndCollapseIdReplaces() async throws {
        let harness = try BatonHarness()
        harness.environment["BATON_DEVICE"] = "A"
        defer { harness.tearDown() }
        #expect(try await harness.run(["daemon", "start"]).status == 0)
        let follower = try harness.launch(["notifications", "--follow", "--json", "--device", "B"])
        let first = try payload(
            harness, "first.json",
            #"{"aps":{"alert":{"title":"Page","body":"first"},"badge":2},"url":"https://example.com/1"}"#)
        let second = try payload(
            harness, "second.apns", #"{"Simulator Target Bundle":"com.baton.cli","aps":{"alert":"second"}}"#)

        let pushed = try await pushOnceFollowed(
            harness, [first, "--device", "B", "--app", "com.baton.cli", "--collapse-id", "page", "--json"])
        #expect(pushed.status == 0, "\(pushed.output)")
        let delivery = await follower.waitForEvent("delivered")
        #expect(delivery?["device"] as? String == "B")
        #expect(delivery?["title"] as? String == "Page" && delivery?["body"] as? String == "first")
        #expect(delivery?["identifier"] as? String == "page")

        #expect(try await harness.run(["push", second, "--device", "B", "--collapse-id", "page"]).status == 0)
        let replaced = await follower.waitForEvent("delivered", skipping: 1)
        #expect(replaced?["body"] as? String == "second")
        let delivered = try await NotificationCLITests.poll(harness, ["notifications", "delivered", "--device", "B"]) {
            ($0.first?["request"] as? [String: Any]).flatMap { ($0["content"] as? [String: Any])?["body"] as? String }
                == "second"
        }
        #expect(delivered.count == 1, "collapse id replaces: \(delivered.count)")
    }

    @Test func encryptedPushIsDecryptedByMonkeyBrowsersExtensionBeforeDelivery() async throws {
        let harness = try BatonHarness()
        harness.environment["BATON_DEVICE"] = "A"
        defer { harness.tearDown() }
        #expect(try await harness.run(["daemon", "start"]).status == 0)
        let browser = "com.example.apple-samplecode.MonkeyBrowser"
        let follower = try harness.launch(["notifications", "--follow", "--json", "--device", "B", "--app", browser])
        _ = try await NotificationCLITests.poll(harness, ["notifications", "pending"]) { _ in true }
        let page = try payload(
            harness, "page.json",
            #"{"aps":{"alert":{"title":"Tide tables","body":"Open on this terminal"}},"url":"https://example.com/tides"}"#
        )
        let sealed = try await pushOnceFollowed(harness, [page, "--encrypt", "--app", browser, "--device", "B"])
        #expect(sealed.status == 0, "\(sealed.output)")
        let delivery = await follower.waitForEvent("delivered")
        #expect(delivery?["title"] as? String == "Tide tables", "\(follower.transcript)")
        #expect(delivery?["body"] as? String == "Open on this terminal")

        // Mutable content the extension cannot open: the original is delivered, and the daemon says why.
        let plain = try payload(harness, "plain.json", #"{"aps":{"alert":"unsealed","mutable-content":1}}"#)
        #expect(try await harness.run(["push", plain, "--app", browser, "--device", "B"]).status == 0)
        let original = await follower.waitForEvent("delivered", skipping: 1)
        #expect(original?["body"] as? String == "unsealed", "\(follower.transcript)")
    }

    @Test func pushForAnAbsentDeviceWaitsOrIsDropped() async throws {
        let harness = try BatonHarness()
        harness.environment["BATON_DEVICE"] = "A"
        defer { harness.tearDown() }
        #expect(try await harness.run(["daemon", "start"]).status == 0)
        // Make C known (a push reaches its follower), then leave.
        let file = try payload(harness, "p.json", #"{"aps":{"alert":"hello"}}"#)
        let visit = try harness.launch(["notifications", "--follow", "--json", "--device", "C"])
        let greeted = try await pushOnceFollowed(harness, [file, "--device", "C", "--app", "com.baton.cli"])
        #expect(greeted.status == 0 && greeted.output.contains("delivered to C"), "\(greeted.output)")
        visit.kill()
        _ = await visit.exitStatus()
        func droppedDevices(_ output: String) -> [String] {
            ((try? JSONSerialization.jsonObject(with: Data(output.utf8))) as? [String: Any])?["dropped"] as? [String]
                ?? []
        }
        var dropped: (status: Int32?, output: String) = (nil, "")
        let deadline = Date().addingTimeInterval(60)
        repeat {
            dropped = try await harness.run([
                "push", file, "--device", "C", "--app", "com.baton.cli", "--expiration", "0", "--json",
            ])
        } while droppedDevices(dropped.output) != ["C"] && Date() < deadline
        #expect(dropped.status == 0 && droppedDevices(dropped.output) == ["C"], "\(dropped.output)")
        let waits = try await harness.run([
            "push", file, "--device", "C", "--app", "com.baton.cli", "--collapse-id", "w1",
        ])
        #expect(waits.status == 0 && waits.output.contains("waiting for C"), "\(waits.output)")
        let back = try harness.launch(["notifications", "--follow", "--json", "--device", "C"])
        let late = await back.waitForEvent("delivered")
        #expect(late?["identifier"] as? String == "w1")
    }

    static let refusals: [(String, [String], Int32, String)] = [
        ("big.json", [], 21, "PayloadTooLarge"),
        ("notjson.json", [], 22, "BadPayload"),
        ("noaps.json", [], 23, "BadAps"),
        ("ok.json", ["--priority", "7"], 33, "BadPriority"),
        ("ok.json", ["--collapse-id", String(repeating: "c", count: 65)], 32, "BadCollapseId"),
        ("ok.json", ["--expiration", "soon"], 34, "BadExpirationDate"),
        ("notopic.json", ["--app"], 64, "Missing value"),
        ("ok.json", ["--device", "ghost"], 37, "BadDeviceToken"),
        ("ok.json", ["--app", "com.nobody.app"], 36, "BadTopic"),
        ("missing.json", [], 66, "cannot read"),
    ]

    @Test func badPushesNameTheirAPNsReason() async throws {
        let harness = try BatonHarness()
        harness.environment["BATON_DEVICE"] = "A"
        defer { harness.tearDown() }
        _ = try payload(harness, "big.json", #"{"aps":{"alert":""# + String(repeating: "x", count: 5000) + #""}}"#)
        _ = try payload(harness, "notjson.json", "{oops")
        _ = try payload(harness, "noaps.json", #"{"x":1}"#)
        _ = try payload(harness, "ok.json", #"{"aps":{"alert":"hi"}}"#)
        _ = try payload(harness, "notopic.json", #"{"aps":{"alert":"hi"}}"#)
        for (file, extra, status, reason) in Self.refusals {
            var arguments = ["push", harness.home.appendingPathComponent(file).path] + extra
            if !extra.contains("--app") { arguments += ["--app", "com.baton.cli"] }
            let result = try await harness.run(arguments)
            #expect(result.status == status, "\(file) \(extra): \(result.output)")
            #expect(result.output.contains(reason), "\(file) \(extra): \(result.output)")
        }
        let missingTopic = try await harness.run([
            "push", harness.home.appendingPathComponent("notopic.json").path, "--json",
        ])
        #expect(
            missingTopic.status == 35 && missingTopic.output.contains(#""reason":"MissingTopic""#),
            "\(missingTopic.output)")
    }
}
