import Foundation
import Testing

/// Issue 36, finding 4 (the bus): six clients flooding `Notify` made a victim's calls fail with `Busy` 42 of 51
/// times (the total, 256, was below 4 × the 64 one client may hold). With fair shares a flood is refused and
/// the victim is not. The daemon is stopped while the flood arrives, so the places stay taken whatever the
/// machine's speed; the script waits on answers, not on time.
@Suite(.serialized) struct FreedesktopFairnessEndToEndTests {
    @Test func aFloodOfSixClientsDoesNotTurnIntoAVictimsRefusal() async throws {
        let server = try await FreedesktopServerFixture()
        defer { server.close() }
        let script = server.fixture.home.appendingPathComponent("flood.py")
        try Data(FreedesktopFloodScript.source.utf8).write(to: script)
        let lock = server.fixture.home.appendingPathComponent("run/daemon.lock")
        let daemon = try String(contentsOf: lock, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let output = try server.run(["/usr/bin/python3", script.path, daemon])
        #expect(output.contains("flood answered 6000"), "\(output)")
        // Before the fix: "victim error org.freedesktop.Notifications.Error.Busy".
        #expect(output.contains("victim id\n"), "\(output)")
    }
}
