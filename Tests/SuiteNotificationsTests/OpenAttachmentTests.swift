import BatonEnvironment
import Foundation
import Notifications
import TerminalUI
import Testing

@testable import SuiteNotifications

/// Issue 22, attachments: the Open Attachment button in F4, run through the suite's app in process. With a
/// desktop (`DISPLAY`) and an `xdg-open` on the PATH the file is handed to it (a stand-in script that writes
/// down what it was given); without one the banner says where the file is; a missing file is said, nothing
/// started. The notification stays either way.
@Suite struct OpenAttachmentTests {
    /// The suite's Notifications app with its F4 list holding `notification`, and the banners it shows.
    final class Harness {
        let port: MessagePort
        let app: NotificationsApp
        var banners: [(text: String, kind: Banner.Kind)] = []
        lazy var context = SuiteContext(
            owner: .app(NotificationsApp.appName), device: "box:b", now: { Fixture.now }, port: port,
            schedule: { _, _ in }, banner: { [unowned self] in banners.append(($0.text, $0.kind)) },
            activate: { _ in })

        init(_ notification: DeliveredNotification, home: URL, opener: AttachmentOpener) throws {
            port = try MessagePort()
            app = NotificationsApp(
                device: "box:b", paths: BatonPaths(environment: ["BATON_HOME": home.path]), port: port, delegates: [],
                appNames: ["com.baton.cli": "Baton"], now: { Fixture.now })
            app.opener = opener
            app.ledger.deliver(notification)
        }

        /// F4: the notification's buttons (Open Attachment focused), then Enter.
        func openAttachment() {
            #expect(app.handle(.key(KeyPress(.right)), context: context))
            #expect(app.screen.bar?.focus == 1)
            #expect(app.handle(.key(KeyPress(.enter)), context: context))
        }
    }

    @Test func withADesktopTheFileGoesToXdgOpen() async throws {
        let files = try AttachmentFiles()
        defer { files.remove() }
        let bin = files.folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let opened = files.folder.appendingPathComponent("opened")
        let script = bin.appendingPathComponent("xdg-open")
        try "#!/bin/sh\nprintf '%s' \"$1\" > '\(opened.path).tmp' && mv '\(opened.path).tmp' '\(opened.path)'\n"
            .write(to: script, atomically: true, encoding: .utf8)
        #expect(chmod(script.path, 0o755) == 0)
        let image = try files.write("c.png", AttachmentFiles.png)
        let notification = Fixture.delivered(
            "r", title: "Report",
            attachments: [NotificationAttachment(identifier: "chart.png", url: image, type: .image)])
        let harness = try Harness(
            notification, home: files.folder,
            opener: AttachmentOpener(environment: ["PATH": "/nonexistent:\(bin.path):/usr/bin:/bin", "DISPLAY": ":99"]))
        harness.openAttachment()
        #expect(harness.banners.map(\.text) == ["Opening chart.png with xdg-open"])
        // The handler runs in its own process: wait for what it wrote (a deadline only a hang reaches).
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: opened.path), Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(try String(contentsOf: opened, encoding: .utf8) == image.path)
        #expect(harness.app.ledger.delivered.count == 1)
    }

    @Test func withoutADesktopTheBannerSaysWhereTheFileIs() throws {
        let files = try AttachmentFiles()
        defer { files.remove() }
        let image = try files.write("c.png", AttachmentFiles.png)
        let started = Started()
        let notification = Fixture.delivered(
            "r", title: "Report",
            attachments: [NotificationAttachment(identifier: "chart\u{1B}]0;pwned\u{07}.png", url: image, type: .image)]
        )
        // xdg-open is on the PATH (as on most machines) but no display: the path, not a program in the terminal.
        let harness = try Harness(
            notification, home: files.folder,
            opener: AttachmentOpener(environment: ["PATH": "/usr/bin:/bin"], launch: started.record))
        harness.openAttachment()
        #expect(harness.banners.map(\.text) == ["chart\\u{1b}]0;pwned\\u{7}.png is at \(image.path)"])
        #expect(started.count == 0)
        #expect(harness.app.ledger.delivered.count == 1)
    }

    @Test func theBannersButtonOpensItTooAndTheBannerStays() throws {
        let files = try AttachmentFiles()
        defer { files.remove() }
        let image = try files.write("c.png", AttachmentFiles.png)
        let notification = Fixture.delivered(
            "r", title: "Report",
            attachments: [NotificationAttachment(identifier: "chart.png", url: image, type: .image)])
        let harness = try Harness(
            notification, home: files.folder, opener: AttachmentOpener(environment: ["PATH": "/usr/bin:/bin"]))
        harness.app.banners.push(
            BannerStack.Entry(
                bar: ActionBar(notification: notification, category: nil), appName: "Baton",
                expires: Fixture.now.addingTimeInterval(60), showsPreview: true, categoryOptions: []))
        for key in [KeyPress.ctrl("n"), KeyPress(.tab), KeyPress(.enter)] {
            #expect(harness.app.handleOverlayKey(key, context: harness.context))
        }
        #expect(harness.banners.map(\.text) == ["chart.png is at \(image.path)"])
        #expect(harness.app.banners.entries.count == 1)
        #expect(harness.app.ledger.delivered.count == 1)
    }

    @Test func aMissingFileIsSaidAndNothingStarts() throws {
        let files = try AttachmentFiles()
        defer { files.remove() }
        let started = Started()
        let gone = files.folder.appendingPathComponent("gone.png")
        let harness = try Harness(
            Fixture.delivered(
                "r", title: "Report",
                attachments: [NotificationAttachment(identifier: "gone.png", url: gone, type: .image)]),
            home: files.folder,
            opener: AttachmentOpener(environment: ["PATH": "/usr/bin", "DISPLAY": ":0"], launch: started.record))
        harness.openAttachment()
        #expect(harness.banners.map(\.text) == ["gone.png: the file is gone (it was \(gone.path))"])
        #expect(harness.banners.first?.kind == .error)
        #expect(started.count == 0)
    }

    /// Counts launches instead of starting anything.
    final class Started: @unchecked Sendable {
        private let lock = NSLock()
        private var launches = 0
        var count: Int { lock.withLock { launches } }
        var record: @Sendable (String, [String], [String: String]) -> Bool {
            { [self] _, _, _ in
                lock.withLock { launches += 1 }
                return true
            }
        }
    }
}
