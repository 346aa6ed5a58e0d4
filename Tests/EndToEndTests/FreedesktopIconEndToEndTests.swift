import Foundation
import Testing

/// Issue 39, item 4's icons: `app_icon` (`notify-send -i`), and `image-path` as an icon, are kept as dunst
/// ranks them (`image-data`, then `image-path`, then `app_icon`): a theme icon's name, or a file's, in
/// `freedesktop.icon` (the suite shows a glyph for the well-known ones and the name in F4), and an icon file is
/// the notification's image when no image hint gave one.
@Suite(.serialized) struct FreedesktopIconEndToEndTests {
    func icon(_ server: FreedesktopServerFixture, titled title: String) async throws -> (String?, Int) {
        try await FreedesktopServerFixture.poll("“\(title)”") { try server.delivered(titled: title) != nil }
        let content = try #require(try server.delivered(titled: title)?.content)
        let userInfo = content["userInfo"] as? [String: Any] ?? [:]
        let icon =
            (userInfo["freedesktop.icon"] as? [String: Any])?.values.first as? String
            ?? userInfo["freedesktop.icon"] as? String
        return (icon, (content["attachments"] as? [Any])?.count ?? 0)
    }

    @Test func appIconAndImagePathAreKeptAsTheIcon() async throws {
        let server = try await FreedesktopServerFixture()
        defer { server.close() }
        try server.run(["/usr/bin/notify-send", "-a", "App", "-i", "dialog-warning", "warned"])
        #expect(try await icon(server, titled: "warned") == ("dialog-warning", 0))

        // image-path outranks app_icon; a name there is a theme icon's too.
        try server.run([
            "/usr/bin/notify-send", "-a", "App", "-i", "dialog-warning", "-h", "string:image-path:mail-unread",
            "mailed",
        ])
        #expect(try await icon(server, titled: "mailed") == ("mail-unread", 0))

        // An icon file (a path or file:// URL) is named by its file and attached as the picture.
        let file = server.fixture.home.appendingPathComponent("build-bot.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: file)
        try server.run(["/usr/bin/notify-send", "-a", "App", "-i", file.absoluteString, "pictured"])
        #expect(try await icon(server, titled: "pictured") == ("build-bot", 1))
    }
}
