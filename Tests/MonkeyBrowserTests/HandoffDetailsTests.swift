import Foundation
import Testing

@testable import MonkeyBrowser
@testable import TerminalUI

/// Issue 24, items 12 and 16: the names activities are offered under, and the sideways place of a wide
/// table travelling with a handoff.
@Suite struct HandoffDetailsTests {
    @Test func activityTitlesSayThePageOnce() {
        #expect(BrowserApp.activityTitle(kind: .weather, page: "Weather") == "Weather")
        #expect(BrowserApp.activityTitle(kind: .weather, page: "Order form") == "Weather — Order form")
        #expect(BrowserApp.activityTitle(kind: .other, page: "Echo Form") == "Echo Form")
        #expect(BrowserApp.activityTitle(kind: .other, page: "") == "Tab")
    }

    @Test func aWideTablesSidewaysPlaceComesWithTheHistory() async throws {
        let wide = "<title>Wide</title><pre>" + String(repeating: "0123456789", count: 30) + "</pre>"
        let harness = try BrowserHarness(pages: ["http://x.test/wide": wide])
        defer { harness.remove() }
        await harness.open()
        await harness.go(to: "http://x.test/wide")
        let tabID = harness.app.tabs[0].id
        var source = TabHistory(current: HistoryEntry(url: "http://x.test/wide"))
        source.record(left: 24)
        let link = InMemoryStreamLink()
        do {
            let (continuing, other) = link.makePairs()
            harness.app.requestHistory(input: continuing.input, output: continuing.output, tabID: tabID, device: "A")
            harness.app.finish(harness.context)
            HistoryExchange.answer(input: other.input, output: other.output) { source }
            link.deliver()
        }
        #expect(harness.app.tabs[0].scroll.left == 24)
    }
}
