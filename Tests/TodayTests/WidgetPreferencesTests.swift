import BatonEnvironment
import Foundation
import Testing
import Today

@Suite("Enabled widgets per device")
struct WidgetPreferencesTests {
    @Test("first run shows Days Remaining; edits are saved per device")
    func roundTrip() throws {
        let fixture = try WidgetFixture()
        defer { fixture.remove() }
        let file = WidgetPreferences.file(paths: fixture.paths, device: "box:pts-3")
        #expect(file.path.hasSuffix("devices/box_pts-3/widgets.json"))
        var preferences = try WidgetPreferences.load(from: file)
        #expect(preferences == .firstRun)
        preferences.add("com.baton.today.favorites")
        preferences.add("com.baton.today.favorites")
        preferences.move("com.baton.today.favorites", by: -1)
        try preferences.save(to: file)
        #expect(
            try WidgetPreferences.load(from: file).enabled == [
                "com.baton.today.favorites", "com.baton.today.days-remaining",
            ])
        preferences.remove("com.baton.today.days-remaining")
        preferences.remove("com.baton.today.favorites")
        try preferences.save(to: file)
        #expect(try WidgetPreferences.load(from: file).enabled.isEmpty)
        let other = WidgetPreferences.file(paths: fixture.paths, device: "box:pts-7")
        #expect(try WidgetPreferences.load(from: other) == .firstRun)
    }

    @Test("moves stop at the ends of the list")
    func moveClamps() {
        var preferences = WidgetPreferences(enabled: ["a", "b", "c"])
        preferences.move("a", by: -1)
        #expect(preferences.enabled == ["a", "b", "c"])
        preferences.move("a", by: 5)
        #expect(preferences.enabled == ["b", "c", "a"])
        preferences.move("zzz", by: 1)
        #expect(preferences.enabled == ["b", "c", "a"])
    }

    @Test("an unreadable widgets.json is a clear error")
    func unreadable() throws {
        let fixture = try WidgetFixture()
        defer { fixture.remove() }
        let file = WidgetPreferences.file(paths: fixture.paths, device: "d")
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: file)
        #expect(throws: WidgetPreferencesError.unreadable(file.path)) {
            try WidgetPreferences.load(from: file)
        }
    }
}
