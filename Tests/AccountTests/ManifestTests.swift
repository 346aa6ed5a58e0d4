import Foundation
import Handoff
import Testing

@Suite struct ManifestTests {
    private static let resources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources")

    private func plist(_ entries: [String: Any]) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: entries, format: .xml, options: 0)
    }

    private let valid: [String: Any] = [
        "CFBundleIdentifier": "com.example.Probe", "TeamIdentifier": "BATONTEAM1",
        "NSUserActivityTypes": ["com.example.probe.view"],
    ]

    @Test func readsMonkeyBrowser() throws {
        let manifest = try AppManifest.load(app: "MonkeyBrowser", resources: Self.resources)
        #expect(manifest.bundleIdentifier == "com.example.apple-samplecode.MonkeyBrowser")
        #expect(manifest.teamIdentifier == "BATONTEAM1")
        #expect(manifest.displayName == "MonkeyBrowser")
        #expect(manifest.activityTypes.count == 5)
        #expect(manifest.declares("com.baton.monkeybrowser.tab.coffee"))
    }

    @Test func readsStores() throws {
        let manifest = try AppManifest.load(app: "Stores", resources: Self.resources)
        #expect(manifest.teamIdentifier == "BATONTEAM1")
        #expect(manifest.declares("com.example.apple-samplecode.HandoffMapViewer.map-viewing"))
        #expect(manifest.declares("com.example.apple-samplecode.HandoffMapViewer.store-editing"))
    }

    @Test func readsBinaryPlists() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: valid, format: .binary, options: 0)
        #expect(try AppManifest.parse(data, source: "bin").bundleIdentifier == "com.example.Probe")
    }

    @Test func missingTeamIsNamed() throws {
        var entries = valid
        entries["TeamIdentifier"] = nil
        #expect(throws: ManifestError.missingKey(path: "x", key: "TeamIdentifier")) {
            try AppManifest.parse(try plist(entries), source: "x")
        }
    }

    @Test func badTeamIsNamed() throws {
        var entries = valid
        entries["TeamIdentifier"] = "team"
        #expect(throws: ManifestError.invalidTeamIdentifier(path: "x", value: "team")) {
            try AppManifest.parse(try plist(entries), source: "x")
        }
    }

    @Test func badBundleIdentifierIsNamed() throws {
        var entries = valid
        entries["CFBundleIdentifier"] = "no dots here"
        #expect(throws: ManifestError.invalidBundleIdentifier(path: "x", value: "no dots here")) {
            try AppManifest.parse(try plist(entries), source: "x")
        }
    }

    @Test func duplicateAndInvalidTypesAreNamed() throws {
        var entries = valid
        entries["NSUserActivityTypes"] = ["a.b", "a.b"]
        #expect(throws: ManifestError.duplicateActivityType(path: "x", value: "a.b")) {
            try AppManifest.parse(try plist(entries), source: "x")
        }
        entries["NSUserActivityTypes"] = ["has space.b"]
        #expect(throws: ManifestError.invalidActivityType(path: "x", value: "has space.b")) {
            try AppManifest.parse(try plist(entries), source: "x")
        }
    }

    @Test func wrongTypesAndGarbageAreUnreadable() throws {
        var entries = valid
        entries["NSUserActivityTypes"] = "com.example.one"
        #expect {
            try AppManifest.parse(try plist(entries), source: "x")
        } throws: { error in
            guard case .unreadable(let path, let reason) = error as? ManifestError else { return false }
            return path == "x" && reason.contains("NSUserActivityTypes")
        }
        #expect {
            try AppManifest.parse(Data("not a plist".utf8), source: "y")
        } throws: { error in
            if case .unreadable("y", _) = error as? ManifestError { return true }
            return false
        }
    }

    @Test func missingFileIsUnreadable() {
        #expect {
            try AppManifest.load(from: URL(fileURLWithPath: "/nonexistent/Info.plist"))
        } throws: { error in
            if case .unreadable("/nonexistent/Info.plist", _) = error as? ManifestError { return true }
            return false
        }
    }
}
