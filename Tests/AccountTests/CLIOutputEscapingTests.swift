import Foundation
import Testing

/// Issue 36, finding 5, through the real binary: every output of `baton` (human text and `--json`) writes text
/// from other clients by one rule: no control, C1, bidi or line-separator character reaches the terminal raw.
@Suite(.serialized) struct CLIOutputEscapingTests {
    /// An OSC that retitles, a bell, a clear-screen, a C1 CSI, a right-to-left override, an isolate, a line separator.
    static let hostile = "A\u{1B}]0;PWNED\u{07}\u{1B}[2JB\u{9B}C\u{202E}D\u{2066}E\u{2028}F\u{7F}G"
    static let shown = "A\\u{1b}]0;PWNED\\u{7}\\u{1b}[2JB\\u{9b}C\\u{202e}D\\u{2066}E\\u{2028}F\\u{7f}G"
    static let inJSON = #"A\u001b]0;PWNED\u0007\u001b[2JB\u009bC\u202eD\u2066E\u2028F\u007fG"#

    /// The first character of `text` that must never be written raw, if any.
    static func raw(_ text: String) -> String? {
        text.unicodeScalars.first {
            ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value)
                || [0x2028, 0x2029].contains($0.value) || (0x202A...0x202E).contains($0.value)
                || (0x2066...0x2069).contains($0.value)
        }.map { "U+" + String($0.value, radix: 16) }
    }

    @Test func categoryNamesAreEscapedInTheListAndInJSON() async throws {
        let harness = try BatonHarness()
        harness.environment["BATON_DEVICE"] = "desk"
        #expect(try await harness.run(["notify", "--title", "makes desk known", "--in", "1h"]).status == 0)
        defer { harness.tearDown() }
        let category: [[String: Any]] = [
            [
                "identifier": Self.hostile, "actions": [["identifier": "go", "title": Self.hostile, "options": 0]],
                "options": 0,
            ]
        ]
        let file = harness.home.appendingPathComponent("categories.json")
        try JSONSerialization.data(withJSONObject: category).write(to: file)
        let set = try await harness.run(["notifications", "categories", "set", file.path])
        #expect(set.status == 0, "\(set.output)")

        let listed = try await harness.run(["notifications", "categories", "list"])
        #expect(listed.status == 0, "\(listed.output)")
        #expect(Self.raw(listed.output) == nil, "categories list wrote \(Self.raw(listed.output) ?? "") raw")
        #expect(listed.output.contains("\(Self.shown): go (\(Self.shown))"), "\(listed.output)")

        let json = try await harness.run(["notifications", "categories", "list", "--json"])
        #expect(Self.raw(json.output) == nil, "categories list --json wrote \(Self.raw(json.output) ?? "") raw")
        #expect(json.output.contains(Self.inJSON), "\(json.output)")
        let decoded = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]]
        #expect(decoded?.first?["identifier"] as? String == Self.hostile, "still the same text once decoded")
    }

    @Test func notificationTitlesAndValuesAreEscapedInEveryJSONOutput() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let added = try await harness.run(
            ["notify", "--title", Self.hostile, "--id", Self.hostile, "--in", "1h", "--json"])
        #expect(added.status == 0, "\(added.output)")
        #expect(try await harness.run(["kv", "set", "k", Self.hostile]).status == 0)
        for command in [
            ["notifications", "pending", "--json"], ["kv", "list", "--json"], ["kv", "get", "k", "--json"],
        ]
            + [["notifications", "pending"], ["kv", "get", "k"]]
        {
            let output = try await harness.run(command)
            #expect(output.status == 0, "\(command): \(output.output)")
            #expect(Self.raw(output.output) == nil, "\(command) wrote \(Self.raw(output.output) ?? "") raw")
            let escaped = command.last == "--json" ? Self.inJSON : Self.shown
            #expect(output.output.contains(escaped), "\(command): \(output.output)")
        }
        #expect(Self.raw(added.output) == nil, "notify --json wrote \(Self.raw(added.output) ?? "") raw")
    }
}
