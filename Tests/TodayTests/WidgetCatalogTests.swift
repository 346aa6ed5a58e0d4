import Foundation
import Testing
import Today

@Suite("Widget manifests and catalog")
struct WidgetCatalogTests {
    @Test("the shipped widgets are installed")
    func shipped() throws {
        let catalog = try WidgetCatalog.load(resources: WidgetFixture.repositoryResources)
        #expect(catalog.container.bundleIdentifier == "com.baton.today")
        #expect(catalog.problems.isEmpty)
        let days = try #require(catalog.widget(named: "days-remaining"))
        #expect(days.bundleIdentifier == "com.baton.today.days-remaining")
        #expect(days.executable == "days-remaining")
        #expect(days.displayName == "Days Remaining")
        #expect(days.principalClass == "DaysRemainingWidget")
        #expect(catalog.widget(named: "DaysRemaining") == days)
        #expect(catalog.widget(named: "com.baton.today.favorites")?.executable == "favorites-widget")
        #expect(catalog.widget(named: "nope") == nil)
    }

    @Test("malformed manifests are reported and the rest still load")
    func malformed() throws {
        let fixture = try WidgetFixture()
        defer { fixture.remove() }
        try fixture.installWidget("Good", name: "good", executable: "faulty-widget")
        try fixture.write("<plist><dict><key>CFBundle", to: "Today/Widgets/Broken/Info.plist")
        let point = WidgetManifest.extensionPoint
        try fixture.writeManifest("Foreign", identifier: "com.other.widget", executable: "x", extensionPoint: point)
        try fixture.writeManifest(
            "Share", identifier: "com.baton.today.share", executable: "share",
            extensionPoint: "com.apple.share-services")
        try fixture.writeManifest(
            "Escape", identifier: "com.baton.today.escape", executable: "../../bin/sh", extensionPoint: point)
        try fixture.writeManifest("Bare", identifier: "com.baton.today.bare", executable: "bare")
        let catalog = try WidgetCatalog.load(resources: fixture.resources)
        #expect(catalog.widgets.map(\.name) == ["good"])
        #expect(catalog.problems.count == 5)
        #expect(
            catalog.problems.contains { $0.contains("Broken/Info.plist: not a readable property list") })
        #expect(
            catalog.problems.contains {
                $0.contains("does not start with the container's com.baton.today.")
            })
        #expect(catalog.problems.contains { $0.contains("com.apple.share-services") })
        #expect(catalog.problems.contains { $0.contains("must be a plain file name") })
        #expect(catalog.problems.contains { $0.contains("missing or empty NSExtension") })
    }

    @Test("a missing container manifest is a clear error")
    func missingContainer() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent(
            "today-none-\(UUID().uuidString)")
        #expect(throws: ManifestError.self) { try WidgetCatalog.load(resources: empty) }
    }
}
