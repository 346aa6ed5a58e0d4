import Foundation
import Testing

@testable import SuiteNotifications

/// A content extension's `Info.plist`, read with `PropertyListDecoder`: the category as a string or an array,
/// the ratio and the hidden default content with their defaults, and each mistake refused with its file.
@Suite struct ContentExtensionManifestTests {
    static let app = "com.example.app"

    /// Writes an `Info.plist` with `attributes` (XML fragments) into a fresh bundle directory.
    func bundle(
        identifier: String = "com.example.app.content", executable: String = "content-ext",
        point: String = "com.apple.usernotifications.content-extension", attributes: String
    ) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "content-manifest-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>\(identifier)</string>
            <key>CFBundleExecutable</key><string>\(executable)</string>
            <key>NSExtension</key><dict>
            <key>NSExtensionPointIdentifier</key><string>\(point)</string>
            <key>NSExtensionAttributes</key><dict>\(attributes)</dict>
            </dict></dict></plist>
            """
        try Data(plist.utf8).write(to: directory.appendingPathComponent("Info.plist"))
        return directory
    }

    func load(_ directory: URL) throws(ContentExtensionManifestError) -> ContentExtensionManifest {
        defer { try? FileManager.default.removeItem(at: directory) }
        return try ContentExtensionManifest.load(from: directory, appBundleIdentifier: Self.app)
    }

    @Test func aStringCategoryAndTheDefaults() throws {
        let manifest = try load(
            bundle(attributes: "<key>UNNotificationExtensionCategory</key><string>invite</string>"))
        #expect(manifest.categories == ["invite"])
        #expect(manifest.initialContentSizeRatio == 1)
        #expect(!manifest.defaultContentHidden)
        #expect(manifest.rows(width: 72) == 24)  // 36 rows wanted, the protocol's 24 at most
        #expect(manifest.executable == "content-ext")
    }

    @Test func anArrayOfCategoriesWithARatioAndHiddenDefaultContent() throws {
        let manifest = try load(
            bundle(
                attributes: """
                    <key>UNNotificationExtensionCategory</key><array><string>a</string><string>b</string></array>
                    <key>UNNotificationExtensionInitialContentSizeRatio</key><real>0.1</real>
                    <key>UNNotificationExtensionDefaultContentHidden</key><true/>
                    """))
        #expect(manifest.categories == ["a", "b"])
        #expect(manifest.rows(width: 72) == 4)
        #expect(manifest.rows(width: 4) == 1)
        #expect(manifest.defaultContentHidden)
    }

    @Test(arguments: [
        ("no category", "com.example.app.c", "x", "com.apple.usernotifications.content-extension", ""),
        (
            "another app's identifier", "com.example.other.c", "x", "com.apple.usernotifications.content-extension",
            "<key>UNNotificationExtensionCategory</key><string>a</string>"
        ),
        (
            "a path for an executable", "com.example.app.c", "../bin/sh",
            "com.apple.usernotifications.content-extension",
            "<key>UNNotificationExtensionCategory</key><string>a</string>"
        ),
        (
            "another extension point", "com.example.app.c", "x", "com.apple.usernotifications.service",
            "<key>UNNotificationExtensionCategory</key><string>a</string>"
        ),
        (
            "a negative ratio", "com.example.app.c", "x", "com.apple.usernotifications.content-extension",
            "<key>UNNotificationExtensionCategory</key><string>a</string>"
                + "<key>UNNotificationExtensionInitialContentSizeRatio</key><real>-1</real>"
        ),
        (
            "a category of the wrong type", "com.example.app.c", "x", "com.apple.usernotifications.content-extension",
            "<key>UNNotificationExtensionCategory</key><integer>3</integer>"
        ),
    ])
    func aManifestThatCannotBeUsedIsRefusedWithItsFile(
        _ case: (name: String, identifier: String, executable: String, point: String, attributes: String)
    ) throws {
        let directory = try bundle(
            identifier: `case`.identifier, executable: `case`.executable, point: `case`.point,
            attributes: `case`.attributes)
        #expect(throws: ContentExtensionManifestError.self, "\(`case`.name)") { try load(directory) }
    }

    @Test func theCatalogNamesABrokenManifestAndKeepsTheOthers() throws {
        let resources = FileManager.default.temporaryDirectory.appendingPathComponent(
            "content-catalog-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: resources) }
        let app = resources.appendingPathComponent("App", isDirectory: true)
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>\(Self.app)</string></dict></plist>
            """.utf8
        ).write(to: app.appendingPathComponent("Info.plist"))
        let good = try bundle(attributes: "<key>UNNotificationExtensionCategory</key><string>a</string>")
        let broken = try bundle(attributes: "")
        let plugIns = app.appendingPathComponent("PlugIns", isDirectory: true)
        try FileManager.default.createDirectory(at: plugIns, withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: good, to: plugIns.appendingPathComponent("Good"))
        try FileManager.default.moveItem(at: broken, to: plugIns.appendingPathComponent("Broken"))
        let catalog = ContentExtensionCatalog.load(resources: resources)
        #expect(catalog.manifest(bundle: Self.app, category: "a")?.executable == "content-ext")
        #expect(catalog.problems.count == 1)
        #expect(catalog.problems.first?.contains("Broken/Info.plist") == true)
    }
}
