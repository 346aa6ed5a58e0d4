import Foundation
import Testing

/// `baton notify` and `baton notifications` through the real binary and daemon, in an isolated BATON_HOME.
/// Nothing sleeps as an assertion: waits poll with a deadline.
@Suite(.serialized) struct NotificationCLITests {
    /// Polls `baton <arguments> --json` until `done` accepts its parsed output, up to `limit` seconds.
    static func poll(
        _ harness: BatonHarness, _ arguments: [String], limit: TimeInterval = 60,
        until done: ([[String: Any]]) -> Bool
    ) async throws -> [[String: Any]] {
        let deadline = Date().addingTimeInterval(limit)
        var last: [[String: Any]] = []
        while Date() < deadline {
            let result = try await harness.run(arguments + ["--json"])
            last = (try? JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]]) ?? []
            if done(last) { return last }
            try await Task.sleep(for: .milliseconds(100))
        }
        return last
    }

    @Test func notifyInTwoSecondsIsDelivered() async throws {
        let harness = try BatonHarness()
        harness.environment["BATON_DEVICE"] = "desk"
        defer { harness.tearDown() }
        let added = try await harness.run([
            "notify", "--title", "Tea", "--body", "Green", "--in", "2s", "--id", "tea", "--json",
        ])
        #expect(added.status == 0, "\(added.output)")
        let reply = try JSONSerialization.jsonObject(with: Data(added.output.utf8)) as? [String: Any]
        #expect(reply?["identifier"] as? String == "tea")
        #expect(reply?["nextFireDate"] is String)
        let later = try await harness.run(["notify", "--title", "Later", "--in", "1h", "--id", "later"])
        #expect(later.status == 0 && later.output.hasPrefix("later  fires "), "\(later.output)")

        let delivered = try await Self.poll(harness, ["notifications", "delivered"]) { list in
            list.contains { ($0["request"] as? [String: Any])?["identifier"] as? String == "tea" }
        }
        let tea = try #require(delivered.first { ($0["request"] as? [String: Any])?["identifier"] as? String == "tea" })
        #expect((tea["owner"] as? [String: Any])?["device"] as? String == "desk")
        #expect(tea["lateBy"] == nil)
        let pending = try await Self.poll(harness, ["notifications", "pending"]) { !$0.isEmpty }
        #expect(pending.map { ($0["request"] as? [String: Any])?["identifier"] as? String } == ["later"])

        let removed = try await harness.run(["notifications", "remove", "later", "tea"])
        #expect(
            removed.status == 0 && removed.output.contains("removed 1 pending and 1 delivered"), "\(removed.output)")
        #expect(try await Self.poll(harness, ["notifications", "delivered"]) { $0.isEmpty }.isEmpty)
    }

    @Test func sameIdentifierReplacesAndDeliveredMovesToTheTop() async throws {
        let harness = try BatonHarness()
        harness.environment["BATON_DEVICE"] = "desk"
        defer { harness.tearDown() }
        for (id, title) in [("a", "first"), ("b", "other"), ("a", "second")] {
            #expect(try await harness.run(["notify", "--title", title, "--in", "1s", "--id", id]).status == 0)
            _ = try await Self.poll(harness, ["notifications", "pending"]) { $0.isEmpty }
        }
        let delivered = try await Self.poll(harness, ["notifications", "delivered"]) { $0.count == 2 }
        let titles = delivered.compactMap {
            (($0["request"] as? [String: Any])?["content"] as? [String: Any])?["title"] as? String
        }
        #expect(titles == ["second", "other"])
    }

    /// (arguments, exit status, part of the message)
    static let badInput: [([String], Int32, String)] = [
        (["--in", "0"], 65, "the interval must be greater than 0"),
        (["--in", "soon"], 65, "cannot read --in 'soon'"),
        (["--in", "30s", "--repeats"], 65, "a repeating interval must be at least 60 seconds"),
        (["--at", "2020-01-01T00:00:00Z"], 65, "is already past"),
        (["--calendar", "year=2020 month=1 day=1 hour=0", "--time-zone", "UTC"], 65, "is already past"),
        (["--calendar", "hour=25"], 65, "out of range"),
        (["--calendar", "hour=9", "--time-zone", "Mars/Olympus"], 65, "unknown time zone 'Mars/Olympus'"),
        (["--near", "91,0", "--radius", "10"], 65, "latitude 91"),
        (["--near", "10,181", "--radius", "10"], 65, "longitude 181"),
        (["--near", "10,10", "--radius", "0"], 65, "radius must be greater than 0"),
        (["--in", "1h", "--category", "nope"], 65, "unknown category 'nope'"),
        (["--in", "1h", "--attach", "/nonexistent/cat.png"], 66, "no such file"),
        (["--in", "1h", "--app", "com.nobody.app"], 67, "unknown app 'com.nobody.app'"),
        // `--device ghost` names this terminal's device, as BATON_DEVICE=ghost does: it makes the device (issue 22,
        // finding 8; NotificationCornerTests). Listing an unknown device is 67.
        (["--in", "1h", "--level", "loud"], 64, "--level 'loud'"),
        (["--in", "1h", "--at", "2030-01-01"], 64, "exactly one of"),
    ]

    @Test func badInputFailsWithAClearMessageAndExitCode() async throws {
        let harness = try BatonHarness()
        harness.environment["BATON_DEVICE"] = "desk"
        defer { harness.tearDown() }
        #expect(try await harness.run(["notify", "--title", "keep", "--in", "1h", "--id", "keep"]).status == 0)
        for (arguments, status, message) in Self.badInput {
            let result = try await harness.run(["notify", "--title", "T"] + arguments)
            #expect(result.status == status, "\(arguments): \(result.output)")
            #expect(result.output.contains(message), "\(arguments): \(result.output)")
            // Named after its command, as every command's errors are (it said "baton:").
            #expect(result.output.hasPrefix("baton notify: "), "\(arguments): \(result.output)")
            // One line; a usage error (64) adds the usage and the --help hint, as every command does.
            if status != 64 {
                #expect(result.output.split(separator: "\n").count == 1, "\(arguments): \(result.output)")
            }
        }
        // A directory, even one named like an image.
        let folder = harness.home.appendingPathComponent("album.png")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let directory = try await harness.run(["notify", "--title", "T", "--in", "1h", "--attach", folder.path])
        #expect(directory.status == 65 && directory.output.contains("is a directory"), "\(directory.output)")
        // An image over iOS's 10 MB limit.
        let big = harness.home.appendingPathComponent("big.png")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 10_000_001)
        try handle.close()
        let tooLarge = try await harness.run(["notify", "--title", "T", "--in", "1h", "--attach", big.path])
        #expect(tooLarge.status == 65 && tooLarge.output.contains("over the 10000000-byte limit"), "\(tooLarge.output)")
        // Nothing was lost.
        let pending = try await Self.poll(harness, ["notifications", "pending"]) { !$0.isEmpty }
        #expect(pending.map { ($0["request"] as? [String: Any])?["identifier"] as? String } == ["keep"])
    }

    /// Issue 22: an attachment is named after its file (what the suite shows); the same name twice is told apart.
    @Test func attachmentsAreNamedAfterTheirFiles() async throws {
        let harness = try BatonHarness()
        harness.environment["BATON_DEVICE"] = "desk"
        defer { harness.tearDown() }
        let image = harness.home.appendingPathComponent("chart.png")
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: image)
        let result = try await harness.run([
            "notify", "--title", "T", "--in", "1h", "--attach", image.path, "--attach", image.path,
        ])
        #expect(result.status == 0, "\(result.output)")
        let pending = try await Self.poll(harness, ["notifications", "pending"]) { !$0.isEmpty }
        let content = (pending.first?["request"] as? [String: Any])?["content"] as? [String: Any]
        let names = (content?["attachments"] as? [[String: Any]])?.compactMap { $0["identifier"] as? String }
        #expect(names == ["chart.png", "chart.png (2)"])
    }

    @Test func sixtyFifthRequestIsRefusedAndASoonerOnePushesTheLatestOut() async throws {
        let harness = try BatonHarness()
        harness.environment["BATON_DEVICE"] = "desk"
        defer { harness.tearDown() }
        #expect(try await harness.run(["daemon", "start"]).status == 0)
        let follower = try harness.launch(["notifications", "--follow", "--json"])
        // Subscribed before anything it must hear of happens.
        #expect(await follower.waitForEvent("following") != nil, "\(follower.transcript)")
        for index in 0..<64 {
            let result = try await harness.run([
                "notify", "--title", "n\(index)", "--in", "\(60 + index)m", "--id", "n\(index)",
            ])
            #expect(result.status == 0, "\(result.output)")
        }
        let refused = try await harness.run(["notify", "--title", "late", "--in", "1d"])
        #expect(refused.status == 75 && refused.output.contains("would not be kept"), "\(refused.output)")
        #expect(try await harness.run(["notify", "--title", "soon", "--in", "1h", "--id", "soon"]).status == 0)
        let notice = await follower.waitForEvent("removed")
        #expect(notice?["reason"] as? String == "pushedOut")
        #expect(notice?["identifiers"] as? [String] == ["n63"])
        let pending = try await Self.poll(harness, ["notifications", "pending"]) { $0.count == 64 }
        let identifiers = Set(pending.compactMap { ($0["request"] as? [String: Any])?["identifier"] as? String })
        #expect(identifiers.contains("soon") && !identifiers.contains("n63") && identifiers.count == 64)
        let log = try String(contentsOf: harness.home.appendingPathComponent("state/logs/daemon.log"), encoding: .utf8)
        #expect(log.contains("pushed out of the 64 kept"))
    }

    @Test func locationTriggerFiresWhenTheDeviceMovesIn() async throws {
        let harness = try BatonHarness()
        harness.environment["BATON_DEVICE"] = "desk"
        defer { harness.tearDown() }
        let added = try await harness.run([
            "notify", "--title", "Home", "--near", "52.2297,21.0122", "--radius", "500", "--id", "home",
        ])
        #expect(added.status == 0 && added.output.contains("on an event"), "\(added.output)")
        #expect(try await harness.run(["location", "set", "50.06", "19.94"]).status == 0)
        #expect(try await harness.run(["location", "set", "52.2299", "21.0125"]).status == 0)
        let delivered = try await Self.poll(harness, ["notifications", "delivered"]) { !$0.isEmpty }
        #expect(delivered.compactMap { ($0["request"] as? [String: Any])?["identifier"] as? String } == ["home"])
        #expect(try await Self.poll(harness, ["notifications", "pending"]) { $0.isEmpty }.isEmpty)
    }

    @Test func deniedAppCannotScheduleUntilAllowedAgain() async throws {
        let harness = try BatonHarness()
        harness.environment["BATON_DEVICE"] = "desk"
        defer { harness.tearDown() }
        let denied = try await harness.run(["notifications", "settings", "--deny", "--json"])
        #expect(
            denied.status == 0 && denied.output.contains("\"authorizationStatus\" : \"denied\""), "\(denied.output)")
        let refused = try await harness.run(["notify", "--title", "T", "--in", "1h"])
        #expect(refused.status == 65 && refused.output.contains("not allowed"), "\(refused.output)")
        let allowed = try await harness.run(["notifications", "settings", "--allow", "--sound", "off"])
        #expect(
            allowed.status == 0 && allowed.output.contains("authorized") && allowed.output.contains("sounds off"),
            "\(allowed.output)")
        #expect(try await harness.run(["notify", "--title", "T", "--in", "1h"]).status == 0)
    }
}
