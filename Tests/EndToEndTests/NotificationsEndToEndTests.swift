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
    func pushAndFocus(_ devices: TwoDevices, title: String, keys: [String]) throws {
        try push(devices, title: title, url: "about:blank")
        try devices.b.waitFor("[ Reply ]")
        try devices.b.send("C-n")
        for key in keys { try devices.b.send(key) }
    }

    @Test func pushShowsABannerOnBOnlyAndItsActionsReachTheApp() throws {
        let devices = try TwoDevices()
        defer { devices.close() }
        try devices.b.waitFor("F4 Notifications")
        try devices.fixture.browserSettings(on: "B", ["--allow"])
        try push(devices, title: "Ada shared a page")
        try devices.b.waitFor("[ Reply ]")
        let bScreen = try devices.b.waitFor("Ada shared a page")
        #expect(bScreen.contains("[ Open ]") && bScreen.contains("[ Mark as Read ]"))
        #expect(try !devices.a.screen().contains("Ada shared a page"))

        // Ctrl-N focuses it; Enter runs Open: MonkeyBrowser's didReceive loads the URL in a new tab.
        try devices.b.send("C-n")
        try devices.b.waitFor("Enter run")
        try devices.b.send("Enter")
        try devices.b.waitFor("MonkeyBrowser Help")

        // A text reply reaches the app as userText. (Another page: MonkeyBrowser's willPresent only lists
        // notifications about the page in front.)
        try pushAndFocus(devices, title: "Ada asks", keys: ["Right", "Enter"])
        try devices.b.waitFor("Type a reply")
        try devices.b.type("on my way")
        try devices.b.send("Enter")
        try devices.b.waitFor("Reply to “Ada asks”: on my way")

        // `d` on a banner of a customDismissAction category reports the dismissal to the app.
        try pushAndFocus(devices, title: "Ada again", keys: ["d"])
        try devices.b.waitFor("“Ada again” dismissed")
    }

    @Test func aPushToEveryDeviceDismissedOnADisappearsFromB() throws {
        let devices = try TwoDevices()
        defer { devices.close() }
        try devices.allowBrowserOnBoth()
        try push(devices, title: "For both", device: nil)
        try devices.a.waitFor("For both")
        try devices.b.waitFor("For both")
        try devices.onBoth(send: "F4", thenWaitFor: "Notifications (1)")
        try devices.a.send("d")
        try devices.a.waitFor("Notifications (0)")
        // Gone from B's center too (readiness wait; the bench measures the time).
        try devices.b.waitFor("Notifications (0)", timeout: 10)
    }
}
