import Foundation
import Testing

/// Issue 22, for scripts: `baton notifications count` and categories registered from the command line.
@Suite(.serialized) struct NotificationsCountCategoriesTests {
    @Test func countAndCategoriesFromTheCommandLine() async throws {
        let harness = try BatonHarness()
        harness.environment["BATON_DEVICE"] = "desk"
        defer { harness.tearDown() }
        #expect(try await harness.run(["notify", "--title", "later", "--in", "1h"]).status == 0)
        #expect(try await harness.run(["notify", "--title", "now"]).status == 0)
        let count = try await harness.run(["notifications", "count", "--json"])
        let numbers = try JSONSerialization.jsonObject(with: Data(count.output.utf8)) as? [String: Int]
        #expect(numbers == ["delivered": 1, "pending": 1], "\(count.output)")

        let file = harness.home.appendingPathComponent("categories.json")
        try Data(
            #"[{"identifier":"deploy","actions":[{"identifier":"no","title":"Rollback","options":2}],"options":0}]"#
                .utf8
        ).write(to: file)
        let set = try await harness.run(["notifications", "categories", "set", file.path])
        #expect(set.status == 0, "\(set.output)")
        let listed = try await harness.run(["notifications", "categories", "list"])
        #expect(listed.output.contains("deploy: no (Rollback)"), "\(listed.output)")
        let uses = try await harness.run(["notify", "--title", "Deploy", "--category", "deploy", "--in", "1h"])
        #expect(uses.status == 0, "\(uses.output)")

        // --sticky and --expire ask the banner's time (carried in userInfo for the suite).
        #expect(
            try await harness.run(["notify", "--title", "Stay", "--sticky", "--in", "1h", "--id", "stay"]).status == 0)
        #expect(
            try await harness.run(["notify", "--title", "T", "--sticky", "--expire", "2s", "--in", "1h"]).status == 64)
        let pending = try await harness.run(["notifications", "pending", "--json"])
        #expect(pending.output.contains("baton.banner") && pending.output.contains("sticky"), "\(pending.output)")
    }
}
