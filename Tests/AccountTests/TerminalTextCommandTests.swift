import Foundation
import Testing

/// Issue 28, finding 7, through the real binary: text from a page, a notification or another device reaches
/// the terminal with its control characters escaped (`TerminalText`), never raw; `--raw` where asked.
@Suite(.serialized) struct TerminalTextCommandTests {
    /// An OSC that retitles the terminal, a bell, and a clear-screen: what a hostile page title carries.
    static let hostile = "A\u{1B}]0;PWNED\u{07}\u{1B}[2JB\u{202E}C\u{9B}D"
    static let shown = "A\\u{1b}]0;PWNED\\u{7}\\u{1b}[2JB\\u{202e}C\\u{9b}D"

    private static func isRaw(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B || $0.value == 0x202E }
    }

    @Test func activityTitlesFromAnotherDeviceAreEscapedInActivitiesAndDevices() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        _ = try harness.advertise(device: "alpha", extra: ["--title", Self.hostile])
        let watcher = try harness.probe("watch", device: "beta")
        #expect(await watcher.waitForEvent("offer") { $0["device"] as? String == "alpha" } != nil)
        for command in ["activities", "devices"] {
            let listing = try await harness.run([command])
            #expect(listing.status == 0, "\(command): \(listing.output)")
            #expect(!Self.isRaw(listing.output), "\(command) wrote control characters raw: \(listing.output)")
            #expect(listing.output.contains(Self.shown), "\(command): \(listing.output)")
        }
        // JSON carries the title as it is (JSON escapes it).
        let json = try await harness.run(["activities", "--json"])
        let records = try #require(
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]], "\(json.output)")
        #expect(records.first?["title"] as? String == Self.hostile)
    }

    @Test func keyValueStringsAreEscapedUnlessRaw() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        #expect(try await harness.run(["kv", "set", "k", Self.hostile + "\nsecond line"]).status == 0)
        let get = try await harness.run(["kv", "get", "k"])
        #expect(get.status == 0, "\(get.output)")
        #expect(get.output == Self.shown + "\nsecond line", "\(get.output)")
        let raw = try await harness.run(["kv", "get", "k", "--raw"])
        #expect(raw.output == Self.hostile + "\nsecond line")
        let list = try await harness.run(["kv", "list"])
        #expect(!Self.isRaw(list.output), "\(list.output)")
    }

    @Test func notificationIdentifiersAndTitlesAreEscapedInTheList() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let added = try await harness.run(["notify", "--title", Self.hostile, "--id", Self.hostile, "--in", "1h"])
        #expect(added.status == 0, "\(added.output)")
        #expect(!Self.isRaw(added.output), "\(added.output)")
        let pending = try await harness.run(["notifications", "pending"])
        #expect(pending.status == 0, "\(pending.output)")
        #expect(!Self.isRaw(pending.output), "\(pending.output)")
        #expect(pending.output.contains(Self.shown), "\(pending.output)")
    }
}
