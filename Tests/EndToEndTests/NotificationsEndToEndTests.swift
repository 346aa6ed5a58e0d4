import Foundation
import Testing

/// Notifications in the suite, end to end: `baton push` to device B shows a banner with its actions on B
/// only; `Ctrl-N` and an action reach MonkeyBrowser's `didReceive`; a reply reaches the app; a dismiss is
/// reported; a push to every device dismissed on A leaves B.
@Suite(.serialized) struct NotificationsEndToEndTests {
    static let browser = "com.example.apple-samplecode.MonkeyBrowser"

    func push(_ devices: TwoDevices, title: String, url: String = "about:help", device: String? = "B") throws {
        let payload = """
            {"aps": {"alert": {"title": "\(title)", "body": "A page for you"}, "category": "message",
             "sound": "default"}, "url": "\(url)"}
            """
        let file = devices.fixture.home.appendingPathComponent("push-\(UUID().uuidString).json")
        try payload.write(to: file, atomically: true, encoding: .utf8)
        var arguments = ["push", file.path, "--app", Self.browser]
        if let device { arguments += ["--device", device] }
        try Shell.run(devices.fixture.binary, arguments, environment: devices.fixture.environment)
    }

    /// Pushes a page to B, waits for its banner, focuses it with Ctrl-N and sends `keys`.
    func pushAndFocus(_ devices: TwoDevices, title: String, keys: [String]) async throws {
        try push(devices, title: title, url: "about:blank")
        try await devices.b.waitFor("[ Reply ]")
        try devices.b.send("C-n")
        for key in keys { try devices.b.send(key) }
    }

    @Test func pushShowsABannerOnBOnlyAndItsActionsReachTheApp() async throws {
        let devices = try await TwoDevices()
        defer { devices.close() }
        try await devices.b.waitFor("F4 Notifications")
        try await devices.fixture.browserSettings(on: "B", ["--allow"])
        try push(devices, title: "Ada shared a page")
        try await devices.b.waitFor("[ Reply ]")
        let bScreen = try await devices.b.waitFor("Ada shared a page")
        #expect(bScreen.contains("[ Open ]") && bScreen.contains("[ Mark as Read ]"))
        #expect(try !devices.a.screen().contains("Ada shared a page"))

        // Ctrl-N focuses it; Enter runs Open: MonkeyBrowser's didReceive loads the URL in a new tab.
        try devices.b.send("C-n")
        try await devices.b.waitFor("Enter run")
        try devices.b.send("Enter")
        try await devices.b.waitFor("MonkeyBrowser Help")

        // A text reply reaches the app as userText. (Another page: MonkeyBrowser's willPresent only lists
        // notifications about the page in front.)
        try await pushAndFocus(devices, title: "Ada asks", keys: ["Right", "Enter"])
        try await devices.b.waitFor("Type a reply")
        try devices.b.type("on my way")
        try devices.b.send("Enter")
        try await devices.b.waitFor("Reply to “Ada asks”: on my way")

        // `d` on a banner of a customDismissAction category reports the dismissal to the app.
        try await pushAndFocus(devices, title: "Ada again", keys: ["d"])
        try await devices.b.waitFor("“Ada again” dismissed")
    }

    @Test func aPushToEveryDeviceDismissedOnADisappearsFromB() async throws {
        let devices = try await TwoDevices()
        defer { devices.close() }
        try await devices.allowBrowserOnBoth()
        try push(devices, title: "For both", device: nil)
        try await devices.a.waitFor("For both")
        try await devices.b.waitFor("For both")
        try await devices.onBoth(send: "F4", thenWaitFor: "Notifications (1)")
        try devices.a.send("d")
        try await devices.a.waitFor("Notifications (0)")
        // Gone from B's center too (readiness wait; the bench measures the time).
        try await devices.b.waitFor("Notifications (0)", timeout: 60)
    }
}
