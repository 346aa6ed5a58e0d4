import Foundation
import Testing

/// Issue 39, item 1, through the real `baton`: `baton notifications settings` with no app lists every app of
/// the device, and a freedesktop program that never posted can be turned off, then listed as off.
@Suite struct FreedesktopProgramSettingsCLITests {
    @Test func aProgramIsTurnedOffBeforeItPostsAndListed() async throws {
        let harness = try BatonHarness()
        harness.environment["BATON_DEVICE"] = "desk"
        defer { harness.tearDown() }
        let off = try await harness.run([
            "notifications", "settings", "--app", "org.freedesktop.Build-Bot", "--device", "desk", "--deny",
        ])
        #expect(off.status == 0 && off.output.contains("org.freedesktop.Build-Bot on desk: denied"), "\(off.output)")
        let list = try await harness.run(["notifications", "settings", "--device", "desk"])
        #expect(list.status == 0, "\(list.output)")
        #expect(list.output.contains("com.baton.cli on desk: authorized"), "\(list.output)")
        #expect(list.output.contains("org.freedesktop.Build-Bot on desk: denied"), "\(list.output)")
        let json = try await harness.run(["notifications", "settings", "--device", "desk", "--json"])
        let entries = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]]
        #expect(entries?.count == 2, "\(json.output)")
    }
}
