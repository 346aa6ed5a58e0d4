import BatonEnvironment
import Foundation
import NotificationContentExtensionKit
import Notifications
import TerminalUI
import TestSupport
import Today

@testable import SuiteNotifications

/// The suite's Notifications app in process with real content extension processes (built beside the tests),
/// fed the extensions' events as the shell would; its F4 screen rendered into a buffer.
final class ContentExtensionHarness {
    let port: MessagePort
    let app: NotificationsApp
    let folder: URL
    var activated: [String] = []
    lazy var context = SuiteContext(
        owner: .app(NotificationsApp.appName), device: "box:b", now: { Fixture.now }, port: port,
        schedule: { _, _ in }, banner: { _ in }, activate: { [unowned self] in activated.append($0) })

    /// A faulty app and its content extension (`faulty-content-extension`, category `faulty`).
    static let faultyApp = "com.example.faulty"
    static let faultyCategory = NotificationCategory(
        identifier: "faulty",
        actions: [
            NotificationAction(identifier: "act", title: "Act", options: [.foreground]),
            NotificationAction(identifier: "swap", title: "Swap"),
        ])
    static let faultyManifest = ContentExtensionManifest(
        bundleIdentifier: faultyApp + ".content", appBundleIdentifier: faultyApp,
        executable: "faulty-content-extension", categories: ["faulty"], initialContentSizeRatio: 0.2,
        directory: URL(fileURLWithPath: "/nonexistent"))

    /// Generous times (only a hang reaches them) and the widget host's memory budget.
    static let patient = WidgetLimits(
        peakRSSKB: ContentExtensionHost.standardLimits.peakRSSKB, updateTimeout: .seconds(60))

    init(
        _ notification: DeliveredNotification, catalog: ContentExtensionCatalog, limits: WidgetLimits = patient,
        categories: [NotificationCategory] = [faultyCategory]
    ) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("content-ext-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        port = try MessagePort()
        app = NotificationsApp(
            device: "box:b", paths: BatonPaths(environment: ["BATON_HOME": folder.path]), port: port, delegates: [],
            appNames: [Fixture.browser: "MonkeyBrowser", Self.faultyApp: "Faulty"], now: { Fixture.now })
        app.contentExtensions = catalog
        app.contentHost = ContentExtensionHost(
            executableDirectory: ResourceLocator.executableDirectory(),
            appGroupDirectory: folder.appendingPathComponent("group"),
            resourcesDirectory: ResourceLocator.resourcesDirectory(),
            errorLog: folder.appendingPathComponent("content-extensions.log"), limits: limits)
        app.ledger.categories[notification.owner.bundleIdentifier] = categories
        app.ledger.deliver(notification)
    }

    deinit {
        app.expansion?.session?.close()
        try? FileManager.default.removeItem(at: folder)
    }

    /// A notification of the faulty app that tells its extension how to misbehave and what to answer.
    static func faulty(fault: String = "", answer: ContentResponseOption? = nil) -> DeliveredNotification {
        var content = NotificationContent(
            title: "Faulty", body: "The default content", categoryIdentifier: "faulty",
            userInfo: ["fault": .string(fault)])
        if let answer { content.userInfo["answer"] = .string(answer.rawValue) }
        return DeliveredNotification(
            owner: NotificationOwner(bundleIdentifier: faultyApp, device: "box:b"),
            request: NotificationRequest(identifier: "f", content: content, trigger: .push), date: Fixture.now)
    }

    static var faultyCatalog: ContentExtensionCatalog {
        ContentExtensionCatalog(extensions: [faultyApp: ["faulty": faultyManifest]])
    }

    /// An F4 key.
    @discardableResult
    func key(_ press: KeyPress) -> Bool { app.handle(.key(press), context: context) }

    /// A key over every app (banners).
    @discardableResult
    func overlayKey(_ press: KeyPress) -> Bool { app.handleOverlayKey(press, context: context) }

    /// Feeds the extension's events to the app until `done` holds (a deadline only a hang reaches).
    func wait(until done: (NotificationsApp) -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(90)
        while !done(app) {
            guard Date() < deadline else { return false }
            await port.nextPost(within: 5)
            _ = port.drain(deliveringTo: .app(NotificationsApp.appName)) { _ = app.receive($0, context: context) }
        }
        return true
    }

    /// Waits until the expansion has drawn or failed.
    func waitForFirstFrame() async -> Bool {
        await wait { $0.expansion.map { $0.status != .loading } ?? true }
    }

    /// F4 rendered at `width` × `height`.
    func render(width: Int = 80, height: Int = 24) -> CellBuffer {
        var buffer = CellBuffer(size: Size(width: width, height: height))
        _ = app.render(in: Rect(size: buffer.size), into: &buffer, context: context)
        return buffer
    }
}
