import BatonEnvironment
import Foundation
import NotificationContentExtensionKit
import Notifications
import TerminalUI
import TestSupport
import Testing
import Today

@testable import SuiteNotifications

/// Issue 26, notification content extensions: a notification of a category an app's extension draws, expanded
/// in F4 (or from a banner), runs the extension as a child process under the widget host's budget and shows its
/// lines; a crash, a hang or memory over the budget shows the default content and "Unable to Load"; a button
/// goes to the extension first, whose answer keeps the notification, dismisses it, or dismisses it and
/// forwards the action to the app.
@Suite struct ContentExtensionTests {
    /// A fixed page for MonkeyBrowser's extension to show (its address is in the golden, so its path is fixed).
    static func page() throws -> URL {
        let directory = URL(fileURLWithPath: "/tmp/baton-content-extension-golden", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("espresso.html")
        let html = """
            <html><head><title>Espresso at home</title></head><body>
            <h1>Espresso at home</h1>
            <p>Grind <b>18 grams</b> of beans fine, tamp them <i>level</i>, and pull a shot of
            36 grams in 28 seconds. See the <a href="https://example.com/grinders">grinder guide</a>.</p>
            <ul><li>Warm the cup first</li><li>Purge the group head</li></ul>
            <p>This line is past what the preview shows.</p><p>So is this one.</p><p>And this.</p>
            </body></html>
            """
        try Data(html.utf8).write(to: file, options: .atomic)
        return file
    }

    /// A reminder as MonkeyBrowser schedules it (`r`: category `reminder`, the page in `userInfo["url"]`).
    static func reminder(for url: URL) -> DeliveredNotification {
        let content = NotificationContent(
            title: "Reminder: Espresso at home", body: url.absoluteString, categoryIdentifier: "reminder",
            threadIdentifier: "reminders", userInfo: ["url": .string(url.absoluteString)])
        return DeliveredNotification(
            owner: NotificationOwner(bundleIdentifier: Fixture.browser, device: "box:b"),
            request: NotificationRequest(identifier: "reminder:\(url.absoluteString)", content: content, trigger: nil),
            date: Fixture.now)
    }

    static var resources: URL {
        get throws { try #require(ResourceLocator.resourcesDirectory()) }
    }

    @Test func theSuitesManifestsAreReadAndTheServiceCatalogPassesOverThem() throws {
        let catalog = ContentExtensionCatalog.load(resources: try Self.resources)
        #expect(catalog.problems == [])
        let page = try #require(catalog.manifest(bundle: Fixture.browser, category: "reminder"))
        #expect(page.executable == "monkeybrowser-content-extension")
        #expect(page.defaultContentHidden)
        #expect(page.initialContentSizeRatio == 0.25)
        #expect(page.rows(width: 72) == 9)
        // Stores' names its category in an array, as Apple allows.
        let map = try #require(catalog.manifest(bundle: "com.example.apple-samplecode.Stores", category: "store"))
        #expect(map.executable == "stores-content-extension")
        #expect(!map.defaultContentHidden)
        #expect(catalog.manifest(bundle: Fixture.browser, category: "message") == nil)
        #expect(ServiceExtensionCatalog.load(resources: try Self.resources).problems == [])
    }

    @Test func expandingAMonkeyBrowserReminderShowsThePageDrawnByItsExtension() async throws {
        let catalog = ContentExtensionCatalog.load(resources: try Self.resources)
        // MonkeyBrowser's reminder category, as it registers it (Snooze 10 min).
        let reminders = NotificationCategory(
            identifier: "reminder", actions: [NotificationAction(identifier: "snooze", title: "Snooze 10 min")])
        let harness = try ContentExtensionHarness(
            Self.reminder(for: try Self.page()), catalog: catalog, categories: [reminders])
        #expect(harness.key(KeyPress(.right)))
        #expect(harness.app.expansion != nil)
        let loaded = await harness.wait { app in
            guard case .drawn(let drawing)? = app.expansion?.status else { return app.expansion == nil }
            return drawing.lines.count > 4
        }
        #expect(loaded)
        let buffer = harness.render()
        let text = buffer.textLines().joined(separator: "\n")
        #expect(text.contains("Espresso at home"))
        #expect(text.contains("file:///tmp/baton-content-extension-golden/espresso.html"))
        #expect(text.contains("Grind 18 grams of beans fine"))
        #expect(!text.contains("So is this one"))
        try Golden.check(buffer, named: "center-content-extension")
        // Folding the buttons closes the extension.
        #expect(harness.key(KeyPress(.escape)))
        #expect(harness.app.expansion == nil)
    }

    @Test(arguments: ["crash", "hang", "hoard", "exit", "garbage", "flood"])
    func aFailingExtensionShowsTheDefaultContentAndUnableToLoad(fault: String) async throws {
        // A hang is ended at the budget's time; the others well before a generous one.
        let limits =
            fault == "hang" ? ContentExtensionHost.standardLimits : ContentExtensionHarness.patient
        let harness = try ContentExtensionHarness(
            ContentExtensionHarness.faulty(fault: fault), catalog: ContentExtensionHarness.faultyCatalog,
            limits: limits)
        harness.key(KeyPress(.right))
        #expect(await harness.waitForFirstFrame())
        guard case .failed(let reason)? = harness.app.expansion?.status else {
            Issue.record("not failed: \(String(describing: harness.app.expansion?.status))")
            return
        }
        if fault == "hoard" { #expect(reason.contains("KB budget"), "\(reason)") }
        if fault == "hang" { #expect(reason.contains("did not answer"), "\(reason)") }
        if fault == "flood" { #expect(reason.contains("-byte limit"), "\(reason)") }
        let text = harness.render().textLines().joined(separator: "\n")
        #expect(text.contains("Unable to Load"))
        #expect(text.contains("The default content"))
        #expect(!text.contains("Drawn by the extension"))
        // The buttons now go straight to the app.
        #expect(harness.app.expansion?.holdsActions == false)
    }

    @Test func aNotificationOverTheLineLimitIsNotSentToTheExtension() async throws {
        var notification = ContentExtensionHarness.faulty()
        notification.request.content.body = String(repeating: "long ", count: 14_000)  // 70 KB
        let harness = try ContentExtensionHarness(notification, catalog: ContentExtensionHarness.faultyCatalog)
        harness.key(KeyPress(.right))
        #expect(await harness.waitForFirstFrame())
        guard case .failed(let reason)? = harness.app.expansion?.status else {
            Issue.record("not failed: \(String(describing: harness.app.expansion?.status))")
            return
        }
        #expect(reason.contains("was not started"), "\(reason)")
        #expect(harness.render().textLines().joined().contains("Unable to Load"))
    }

    @Test(arguments: ContentResponseOption.allCases)
    func aButtonGoesToTheExtensionFirst(answer: ContentResponseOption) async throws {
        let harness = try ContentExtensionHarness(
            ContentExtensionHarness.faulty(answer: answer), catalog: ContentExtensionHarness.faultyCatalog)
        harness.key(KeyPress(.right))  // the buttons open, Act focused
        #expect(await harness.waitForFirstFrame())
        #expect(harness.render().textLines().joined().contains("Drawn by the extension"))
        #expect(harness.app.screen.bar?.focus == 1)
        harness.key(KeyPress(.enter))
        #expect(harness.app.expansion?.pending?.actionIdentifier == "act")
        #expect(await harness.wait { $0.expansion?.pending == nil })
        switch answer {
        case .doNotDismiss:
            #expect(harness.app.screen.bar != nil)
            #expect(harness.app.ledger.delivered.count == 1)
            #expect(harness.app.expansion != nil)
            #expect(harness.activated == [])
        case .dismiss:
            #expect(harness.app.screen.bar == nil)
            #expect(harness.app.ledger.delivered.isEmpty)
            #expect(harness.app.expansion == nil)
            #expect(harness.activated == [])
        case .dismissAndForwardAction:
            #expect(harness.app.screen.bar == nil)
            #expect(harness.app.ledger.delivered.isEmpty)
            #expect(harness.app.expansion == nil)
            // The action reached the app: Act is a foreground action, so the suite switched to it.
            #expect(harness.activated == ["Faulty"])
        }
    }

    @Test func aButtonPressedBeforeTheFirstFrameGoesStraightToTheApp() async throws {
        let harness = try ContentExtensionHarness(
            ContentExtensionHarness.faulty(answer: .doNotDismiss), catalog: ContentExtensionHarness.faultyCatalog)
        harness.key(KeyPress(.right))
        #expect(harness.app.expansion?.status == .loading)  // its events are not fed yet
        harness.key(KeyPress(.enter))
        #expect(harness.activated == ["Faulty"])
        #expect(harness.app.ledger.delivered.isEmpty)
        #expect(harness.app.expansion == nil)
    }

    @Test func theExtensionMayChangeTheButtonsWhileOpen() async throws {
        let harness = try ContentExtensionHarness(
            ContentExtensionHarness.faulty(), catalog: ContentExtensionHarness.faultyCatalog)
        harness.key(KeyPress(.right))
        #expect(await harness.waitForFirstFrame())
        harness.key(KeyPress(.right))  // Swap
        harness.key(KeyPress(.enter))
        #expect(await harness.wait { $0.screen.bar?.actions.map(\.identifier) == ["swapped"] })
        #expect(harness.render().textLines().joined().contains("Swapped"))
        #expect(harness.app.ledger.delivered.count == 1)
    }

    /// A crash at a button, or no answer within the budget's 2 s (on a machine too busy to draw in 2 s the first
    /// frame fails instead, and the button goes straight to the app: the same end): the extension is ended and
    /// the button still reaches the app.
    @Test(arguments: ["crashOnAction", "hangOnAction"])
    func anExtensionThatFailsAtAButtonStillForwardsIt(fault: String) async throws {
        let harness = try ContentExtensionHarness(
            ContentExtensionHarness.faulty(fault: fault), catalog: ContentExtensionHarness.faultyCatalog,
            limits: fault == "hangOnAction" ? ContentExtensionHost.standardLimits : ContentExtensionHarness.patient)
        harness.key(KeyPress(.right))
        #expect(await harness.waitForFirstFrame())
        harness.key(KeyPress(.enter))
        #expect(await harness.wait { $0.expansion?.pending == nil })
        #expect(harness.activated == ["Faulty"])
        #expect(harness.app.ledger.delivered.isEmpty)
        #expect(harness.app.expansion == nil)
    }

    @Test func whatAnExtensionDrawsReachesTheTerminalEscaped() async throws {
        let harness = try ContentExtensionHarness(
            ContentExtensionHarness.faulty(fault: "hostile"), catalog: ContentExtensionHarness.faultyCatalog)
        harness.key(KeyPress(.right))
        #expect(await harness.waitForFirstFrame())
        let buffer = harness.render()
        #expect(AttachmentGoldenTests.isClean(buffer))
        #expect(buffer.textLines().joined().contains("\\u{1b}[2J"))
    }

    @Test func anExtensionHoldsNothingOfTheSuiteButItsThreeStandardDescriptors() async throws {
        let bait = try InheritableBait()
        let harness = try ContentExtensionHarness(
            ContentExtensionHarness.faulty(fault: "descriptors"), catalog: ContentExtensionHarness.faultyCatalog)
        harness.key(KeyPress(.right))
        #expect(await harness.waitForFirstFrame())
        let text = harness.render().textLines().joined(separator: "\n")
        let listed = text.range(of: "descriptors ").map { text[$0.upperBound...].prefix { $0.isNumber || $0 == " " } }
        #expect(listed?.split(separator: " ") == ["0", "1", "2"], "\(text)")
        #expect(!bait.wasWritten, "the extension wrote to a descriptor of the suite")
    }

    @Test func aBannerExpandsWithCtrlNThenDown() async throws {
        let harness = try ContentExtensionHarness(
            ContentExtensionHarness.faulty(), catalog: ContentExtensionHarness.faultyCatalog)
        #expect(harness.overlayKey(.ctrl("n")))
        #expect(harness.app.expansion == nil)
        #expect(harness.overlayKey(KeyPress(.down)))
        #expect(harness.app.expansion != nil)
        #expect(await harness.waitForFirstFrame())
        var buffer = CellBuffer(size: Size(width: 80, height: 16))
        _ = harness.app.renderOverlay(
            in: Rect(x: 0, y: 1, width: 80, height: 14), into: &buffer, context: harness.context)
        let text = buffer.textLines().joined(separator: "\n")
        #expect(text.contains("Drawn by the extension"))
        #expect(text.contains("The default content"))
        #expect(harness.overlayKey(KeyPress(.escape)))
        #expect(harness.app.expansion == nil)
    }

    @Test func storesExtensionDrawsTheStoreAndTheDevice() async throws {
        let catalog = ContentExtensionCatalog.load(resources: try Self.resources)
        let region = Region(
            identifier: "R092", latitude: 51.5142, longitude: -0.1420, radius: 1000, notifyOnEntry: true,
            notifyOnExit: false)
        let content = NotificationContent(
            title: "Near Apple Regent Street", body: "235 Regent Street, London", categoryIdentifier: "store")
        let notification = DeliveredNotification(
            owner: NotificationOwner(bundleIdentifier: "com.example.apple-samplecode.Stores", device: "box:b"),
            request: NotificationRequest(
                identifier: "near:R092", content: content, trigger: .location(region, repeats: false)),
            date: Fixture.now)
        let harness = try ContentExtensionHarness(notification, catalog: catalog, categories: [])
        harness.app.devicePosition = { ContentCoordinate(latitude: 51.5100, longitude: -0.1350) }
        harness.key(KeyPress(.right))
        #expect(await harness.waitForFirstFrame())
        let buffer = harness.render()
        let text = buffer.textLines().joined(separator: "\n")
        #expect(text.contains("●"))
        #expect(text.contains("◎ you"))
        #expect(text.contains("235 Regent Street"))  // the default content shows beside the map
        #expect(text.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })  // braille land
        try Golden.check(buffer, named: "center-content-extension-stores")
    }
}
