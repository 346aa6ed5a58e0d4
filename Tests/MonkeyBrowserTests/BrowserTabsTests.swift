import Foundation
import MonkeyBrowser
import Testing

@Suite("Tabs")
struct BrowserTabsTests {
    @Test("four tabs to start, each with its own activity type")
    func initialTabs() {
        let tabs = BrowserTabs()
        #expect(tabs.tabs.map(\.kind) == [.weather, .favorites, .coffee, .work])
        #expect(
            tabs.tabs.map(\.kind.activityType) == [
                "com.baton.monkeybrowser.tab.weather", "com.baton.monkeybrowser.tab.favorites",
                "com.baton.monkeybrowser.tab.coffee", "com.baton.monkeybrowser.tab.work",
            ])
        #expect(Set(tabs.tabs.map(\.id)).count == 4)
        #expect(tabs.selectedIndex == 0)
        #expect(TabKind(activityType: "com.baton.monkeybrowser.tab.other") == .other)
        #expect(TabKind(activityType: "com.example.unknown") == nil)
    }

    @Test("new tabs up to nine, each selected as it opens")
    func openUpToNine() {
        var tabs = BrowserTabs()
        for expected in 4..<9 { #expect(tabs.open() == expected) }
        #expect(tabs.selectedIndex == 8)
        #expect(tabs.open() == nil)
        #expect(tabs.count == 9)
        #expect(Set(tabs.tabs.map(\.id)).count == 9)
    }

    @Test("closing keeps a neighbour selected and never closes the last tab")
    func close() {
        var tabs = BrowserTabs()
        tabs.select(2)
        #expect(tabs.close(at: 2)?.kind == .coffee)
        #expect(tabs.selected.kind == .favorites)
        tabs.select(2)
        #expect(tabs.close(at: 0)?.kind == .weather)
        #expect(tabs.selected.kind == .work)
        #expect(tabs.close(at: 5) == nil)
        while tabs.count > 1 { tabs.close(at: 0) }
        #expect(tabs.close(at: 0) == nil)
        #expect(tabs.count == 1)
    }

    @Test("[ and ] wrap around")
    func cycle() {
        var tabs = BrowserTabs()
        tabs.cycle(by: -1)
        #expect(tabs.selectedIndex == 3)
        tabs.cycle(by: 1)
        #expect(tabs.selectedIndex == 0)
    }

    @Test("tabs and their histories survive a save and load; a damaged file is an error")
    func persistence() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("baton-tabs-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("devices/A/browser.json")
        #expect(try BrowserSnapshot.load(from: file) == nil)

        var tabs = BrowserTabs()
        tabs[1].history = TabHistory(current: HistoryEntry(url: "http://x.test/1"))
        tabs[1].history.visit("http://x.test/2", leavingAt: 7)
        tabs[1].scroll.top = 3
        tabs.open()
        tabs[4].history = TabHistory(current: HistoryEntry(url: "about:help"))
        tabs.select(1)
        try tabs.snapshot.save(to: file)

        let loaded = try #require(try BrowserSnapshot.load(from: file))
        let restored = BrowserTabs(snapshot: loaded)
        #expect(restored.tabs.map(\.kind) == [.weather, .favorites, .coffee, .work, .other])
        #expect(restored.selectedIndex == 1)
        #expect(restored[1].history.back == [HistoryEntry(url: "http://x.test/1", scroll: 7)])
        #expect(restored[1].history.current == HistoryEntry(url: "http://x.test/2", scroll: 3))
        #expect(restored[4].history.current?.url == "about:help")

        try Data("{ not json".utf8).write(to: file)
        #expect(throws: SnapshotError.self) { try BrowserSnapshot.load(from: file) }
    }
}
