import Foundation
import Testing

/// Issue 39, item 5, with the real `notify-send`: a stack tag (`x-dunst-stack-tag`, or the older
/// `x-canonical-private-synchronous`) replaces the program's notification with the same tag instead of
/// stacking, as dunst does: the old one is closed with reason 1 (its `--wait` ends) and one is left. Another
/// program's tag of the same name is its own.
@Suite(.serialized) struct FreedesktopStackTagEndToEndTests {
    func titles(_ server: FreedesktopServerFixture, app: String) throws -> [String] {
        let list = try JSONSerialization.jsonObject(with: Data(server.delivered().utf8)) as? [[String: Any]] ?? []
        return list.compactMap { item in
            guard (item["owner"] as? [String: Any])?["bundleIdentifier"] as? String == app,
                let content = (item["request"] as? [String: Any])?["content"] as? [String: Any]
            else { return nil }
            return content["title"] as? String
        }
    }

    @Test(arguments: ["x-dunst-stack-tag", "x-canonical-private-synchronous"])
    func aStackTagReplacesThePreviousNotification(_ hint: String) async throws {
        let server = try await FreedesktopServerFixture()
        defer { server.close() }
        let output = server.fixture.home.appendingPathComponent("first.log")
        let first = try FreedesktopServerFixture.start(
            ["/usr/bin/notify-send", "-a", "Volume", "-h", "string:\(hint):volume", "--wait", "Volume 10%"],
            environment: server.environment, output: output)
        defer { FreedesktopServerFixture.stop(first) }
        try await FreedesktopServerFixture.poll("the first volume") {
            try titles(server, app: "org.freedesktop.Volume") == ["Volume 10%"]
        }
        try server.run(["/usr/bin/notify-send", "-a", "Other", "-h", "string:\(hint):volume", "Other 1"])
        try server.run(["/usr/bin/notify-send", "-a", "Volume", "-h", "string:\(hint):volume", "Volume 20%"])
        // The first is closed (reason 1: its --wait ends with no action) and replaced, not stacked.
        try await FreedesktopServerFixture.poll("the first volume's --wait to end") { !first.isRunning }
        #expect(first.terminationStatus == 0)
        #expect(try titles(server, app: "org.freedesktop.Volume") == ["Volume 20%"])
        #expect(try titles(server, app: "org.freedesktop.Other") == ["Other 1"])
    }
}
