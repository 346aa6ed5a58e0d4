import BatonEnvironment
import Crypto
import EncryptedPush
import Foundation
import Notifications
import Testing

/// Runs the real extension executables built next to the test bundle, in a temporary app group.
struct ExtensionFixture {
    let root: URL
    let appGroup: URL

    init() {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("push-extension-\(UUID().uuidString)")
        appGroup = root.appendingPathComponent("group.baton", isDirectory: true)
    }

    func runner(_ limits: ServiceExtensionLimits = ServiceExtensionLimits(deadline: .seconds(20)))
        -> ServiceExtensionRunner
    {
        ServiceExtensionRunner(
            executableDirectory: ResourceLocator.executableDirectory(), appGroupDirectory: appGroup,
            errorLog: root.appendingPathComponent("extensions.log"), limits: limits)
    }

    func manifest(_ executable: String, app: String = "com.example.app") -> ServiceExtensionManifest {
        ServiceExtensionManifest(
            bundleIdentifier: app + ".service", appBundleIdentifier: app, executable: executable, directory: root)
    }

    static func request(fault: String?, title: String = "Hello", body: String = "World") -> NotificationRequest {
        var content = NotificationContent(title: title, body: body)
        if let fault { content.userInfo["fault"] = .string(fault) }
        return NotificationRequest(identifier: "push-1", content: content, trigger: .push)
    }

    func run(fault: String?, limits: ServiceExtensionLimits = ServiceExtensionLimits(deadline: .seconds(20)))
        -> ServiceExtensionOutcome
    {
        runner(limits).run(manifest("faulty-push-extension"), request: Self.request(fault: fault))
    }
}

@Suite struct ServiceExtensionTests {
    let fixture = ExtensionFixture()
    /// Short deadlines for the tests that wait for one: told at 2 s (time enough to start on a busy
    /// machine and leave a best attempt), killed 1 s later.
    let short = ServiceExtensionLimits(deadline: .seconds(2), grace: .seconds(1))

    @Test func aWellBehavedExtensionModifiesTheContent() {
        let outcome = fixture.run(fault: nil)
        #expect(outcome.failure == nil)
        #expect(outcome.content.title == "Modified: Hello")
        #expect(outcome.content.body == "World")
        #expect(!outcome.expired)
        #expect(outcome.peakRSSKB > 0)
        #expect(outcome.peakRSSKB < ServiceExtensionLimits.standard.peakRSSKB)
    }

    @Test func aCrashDeliversTheOriginal() {
        let outcome = fixture.run(fault: "crash")
        #expect(outcome.failure == .crashed(signal: SIGSEGV))
        #expect(outcome.content == ExtensionFixture.request(fault: "crash").content)
    }

    @Test func anExitWithoutAnswerDeliversTheOriginal() {
        let outcome = fixture.run(fault: "exit")
        #expect(outcome.failure == .exited(status: 3))
        #expect(outcome.content.title == "Hello")
    }

    @Test func aHangIsToldThenKilledAndTheOriginalDelivered() {
        let outcome = fixture.run(fault: "hang", limits: short)
        #expect(outcome.failure == .timedOut(milliseconds: 3000))
        #expect(outcome.expired)
        #expect(outcome.content.title == "Hello")
    }

    @Test func atTheDeadlineTheBestAttemptIsDelivered() {
        let outcome = fixture.run(fault: "slow", limits: short)
        #expect(outcome.failure == nil)
        #expect(outcome.expired)
        #expect(outcome.content.title == "Best attempt")
    }

    @Test func atTheDeadlineWithoutABestAttemptTheOriginalIsDelivered() {
        let outcome = fixture.run(fault: "slowNoBest", limits: short)
        #expect(outcome.failure == .expiredWithoutBestAttempt)
        #expect(outcome.expired)
        #expect(outcome.content.title == "Hello")
    }

    @Test func floodingOutputIsCutOff() {
        let outcome = fixture.run(fault: "flood")
        guard case .outputFlood(let bytes, let limit)? = outcome.failure else {
            Issue.record("expected a flood, got \(String(describing: outcome.failure))")
            return
        }
        #expect(bytes > limit)
        #expect(bytes < limit + 64 * 1024)
        #expect(outcome.content.title == "Hello")
    }

    @Test func overTheMemoryBudgetDeliversTheOriginal() {
        let outcome = fixture.run(fault: "greedy")
        guard case .memoryExceeded(let peak, let limit)? = outcome.failure else {
            Issue.record("expected memoryExceeded, got \(String(describing: outcome.failure))")
            return
        }
        #expect(limit == 24 * 1024)
        #expect(peak > limit)
        #expect(outcome.content.title == "Hello")
    }

    @Test func contentWithoutAlertTextDeliversTheOriginal() {
        let outcome = fixture.run(fault: "noAlert")
        #expect(outcome.failure == .noAlertText)
        #expect(outcome.content.title == "Hello")
    }

    @Test func garbageOutputDeliversTheOriginal() {
        let outcome = fixture.run(fault: "garbage")
        guard case .garbage? = outcome.failure else {
            Issue.record("expected garbage, got \(String(describing: outcome.failure))")
            return
        }
        #expect(outcome.content.title == "Hello")
    }

    @Test func aMissingExecutableDeliversTheOriginal() {
        let outcome = fixture.runner().run(
            fixture.manifest("no-such-extension"), request: ExtensionFixture.request(fault: nil))
        guard case .executableMissing? = outcome.failure else {
            Issue.record("expected executableMissing, got \(String(describing: outcome.failure))")
            return
        }
        #expect(outcome.content.title == "Hello")
    }

    @Test func failuresReadAsOneLine() {
        let failures: [ServiceExtensionFailure] = [
            .crashed(signal: 11), .timedOut(milliseconds: 30000), .memoryExceeded(peakKB: 70000, limitKB: 24576),
            .outputFlood(bytes: 70000, limit: 65536), .noAlertText, .expiredWithoutBestAttempt,
        ]
        for failure in failures { #expect(!failure.description.contains("\n") && !failure.description.isEmpty) }
        #expect(
            ServiceExtensionFailure.memoryExceeded(peakKB: 70000, limitKB: 24576).description
                == "the extension used 70000 KB, over its 24576 KB budget")
    }
}

@Suite struct ServiceExtensionCatalogTests {
    static let repositoryResources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources", isDirectory: true)

    @Test func monkeyBrowserRegistersItsServiceExtension() {
        let catalog = ServiceExtensionCatalog.load(resources: Self.repositoryResources)
        #expect(catalog.problems.isEmpty, "\(catalog.problems)")
        let app = "com.example.apple-samplecode.MonkeyBrowser"
        let manifest = catalog.extensions[app]
        #expect(manifest?.executable == "monkeybrowser-push-extension")
        #expect(manifest?.bundleIdentifier == app + ".push-decryption")
        #expect(catalog.apps[app]?.lastPathComponent == "MonkeyBrowser")
        #expect(catalog.extensions["com.baton.today"] == nil)
    }

    @Test func badManifestsAreReportedNotFatal() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString)")
        func write(_ plist: [String: Any], _ path: String) throws {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0).write(to: file)
        }
        try write(["CFBundleIdentifier": "com.example.app"], "App/Info.plist")
        try write(
            [
                "CFBundleIdentifier": "com.other.service", "CFBundleExecutable": "x",
                "NSExtension": ["NSExtensionPointIdentifier": ServiceExtensionProtocol.extensionPoint],
            ], "App/PlugIns/A/Info.plist")
        try write(
            [
                "CFBundleIdentifier": "com.example.app.widget", "CFBundleExecutable": "x",
                "NSExtension": ["NSExtensionPointIdentifier": "com.apple.widget-extension"],
            ], "App/PlugIns/B/Info.plist")
        try write(
            [
                "CFBundleIdentifier": "com.example.app.service", "CFBundleExecutable": "../evil",
                "NSExtension": ["NSExtensionPointIdentifier": ServiceExtensionProtocol.extensionPoint],
            ], "App/PlugIns/C/Info.plist")
        try write(
            [
                "CFBundleIdentifier": "com.example.app.service", "CFBundleExecutable": "good",
                "NSExtension": ["NSExtensionPointIdentifier": ServiceExtensionProtocol.extensionPoint],
            ], "App/PlugIns/D/Info.plist")
        let catalog = ServiceExtensionCatalog.load(resources: root)
        #expect(catalog.extensions["com.example.app"]?.executable == "good")
        #expect(catalog.problems.count == 3)
        #expect(catalog.problems.contains { $0.contains("not under its app's com.example.app") })
        #expect(catalog.problems.contains { $0.contains("not com.apple.usernotifications.service") })
        #expect(catalog.problems.contains { $0.contains("plain file name") })
    }
}

@Suite struct EncryptedPushTests {
    let fixture = ExtensionFixture()
    let app = "com.example.apple-samplecode.MonkeyBrowser"
    let plain = Data(
        #"{"Simulator Target Bundle": "com.example.apple-samplecode.MonkeyBrowser", "aps": {"alert": {"title": "Weather", "body": "Sunny all week"}, "sound": "default", "thread-id": "pages"}, "url": "https://example.com/weather"}"#
            .utf8)

    @Test func decryptionWorksEndToEndThroughTheRealExtension() throws {
        let key = try EncryptedPush.loadOrCreateKey(appGroupDirectory: fixture.appGroup, bundleIdentifier: app)
        let sealed = try EncryptedPush.seal(payload: plain, key: key)
        let text = String(decoding: sealed, as: UTF8.self)
        #expect(!text.contains("Sunny") && !text.contains("example.com/weather"))

        let push = try PushPayload.parse(sealed)
        #expect(push.bundleIdentifier == app)
        #expect(push.needsServiceExtension)
        #expect(push.content.title == EncryptedPush.placeholderTitle)
        #expect(push.content.threadIdentifier == "pages")
        #expect(push.content.sound == .default)

        let catalog = ServiceExtensionCatalog.load(resources: ServiceExtensionCatalogTests.repositoryResources)
        let manifest = try #require(catalog.extensions[app])
        let outcome = fixture.runner().run(manifest, request: push.request(identifier: "p1"))
        #expect(outcome.failure == nil)
        #expect(outcome.content.title == "Weather")
        #expect(outcome.content.body == "Sunny all week")
        #expect(outcome.content.userInfo["url"] == .string("https://example.com/weather"))
        #expect(outcome.content.userInfo[EncryptedPush.contentKey] == nil)
        #expect(outcome.content.threadIdentifier == "pages")
    }

    @Test func theKeyIsCreatedOnceWithMode0600() throws {
        let first = try EncryptedPush.loadOrCreateKey(appGroupDirectory: fixture.appGroup, bundleIdentifier: app)
        let second = try EncryptedPush.loadOrCreateKey(appGroupDirectory: fixture.appGroup, bundleIdentifier: app)
        #expect(first == second)
        let file = EncryptedPush.keyFile(appGroupDirectory: fixture.appGroup, bundleIdentifier: app)
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        #expect(try Data(contentsOf: file).count == 32)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        #expect(throws: EncryptedPushError.self) {
            try EncryptedPush.loadOrCreateKey(appGroupDirectory: fixture.appGroup, bundleIdentifier: app)
        }
    }

    @Test func aWrongKeyLeavesThePlaceholder() throws {
        let sealed = try EncryptedPush.seal(payload: plain, key: SymmetricKey(size: .bits256))
        let push = try PushPayload.parse(sealed)
        // The extension's key (created on first use) is not the one that sealed it.
        let catalog = ServiceExtensionCatalog.load(resources: ServiceExtensionCatalogTests.repositoryResources)
        let outcome = fixture.runner().run(try #require(catalog.extensions[app]), request: push.request())
        #expect(outcome.content.title == EncryptedPush.placeholderTitle)
        #expect(throws: EncryptedPushError.cannotDecrypt) {
            try EncryptedPush.open(push.content, key: SymmetricKey(size: .bits256))
        }
    }

    @Test func sealingRefusesWhatCannotBeSent() throws {
        let key = SymmetricKey(size: .bits256)
        #expect(throws: EncryptedPushError.noAlert) {
            try EncryptedPush.seal(payload: Data(#"{"aps": {"badge": 1}}"#.utf8), key: key)
        }
        let long = String(repeating: "a", count: 3000)
        do {
            _ = try EncryptedPush.seal(payload: Data(#"{"aps": {"alert": "\#(long)"}}"#.utf8), key: key)
            Issue.record("a payload over 4096 bytes once sealed was accepted")
        } catch let error as EncryptedPushError {
            guard case .tooLarge(let bytes) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(bytes > PushPayload.maxBytes)
        }
        #expect(throws: PushError.self) { try EncryptedPush.seal(payload: Data("{".utf8), key: key) }
    }
}
