import BatonEnvironment
import Foundation
import Today
import WidgetExtensionKit

/// A temporary BATON_HOME with its own Resources/Today, and a host over the built extensions.
struct WidgetFixture {
    let root: URL
    let paths: BatonPaths
    let resources: URL

    /// The repository's Resources directory, found from this file.
    static let repositoryResources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources", isDirectory: true)

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("today-tests-\(UUID().uuidString)", isDirectory: true)
        paths = BatonPaths(environment: ["BATON_HOME": root.path])
        resources = root.appendingPathComponent("Resources", isDirectory: true)
        try write(
            plist(["CFBundleIdentifier": "com.baton.today", "CFBundleDisplayName": "Today"]),
            to: "Today/Info.plist")
    }

    /// A host whose executables are the ones built next to the test bundle.
    func host(limits: WidgetLimits = .standard) -> WidgetHost {
        WidgetHost(
            executableDirectory: ResourceLocator.executableDirectory(),
            appGroupDirectory: paths.appGroupDirectory,
            errorLog: paths.logDirectory.appendingPathComponent("widgets.log"), limits: limits)
    }

    /// Installs a widget bundle `directory` whose manifest runs `executable`.
    func installWidget(_ directory: String, name: String, executable: String) throws {
        try writeManifest(
            directory, identifier: "com.baton.today.\(name)", executable: executable,
            extensionPoint: WidgetManifest.extensionPoint)
    }

    /// Writes text under the fixture's Resources directory.
    func write(_ text: String, to relativePath: String) throws {
        let file = resources.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// Tells `faulty-widget` how to misbehave.
    func setFaultyMode(_ mode: String) throws {
        try FileManager.default.createDirectory(
            at: paths.appGroupDirectory, withIntermediateDirectories: true)
        try Data(mode.utf8).write(
            to: paths.appGroupDirectory.appendingPathComponent("faulty-widget-mode"))
    }

    /// Runs one update of `manifest` at `now` (UTC unless a zone is given).
    func update(
        _ manifest: WidgetManifest, host: WidgetHost? = nil, now: Date = Date(timeIntervalSince1970: 1_700_000_000),
        mode: WidgetDisplayMode = .compact, width: Int = 80, timeZone: TimeZone? = nil
    ) -> WidgetOutcome {
        let host = host ?? self.host()
        let zone = timeZone ?? TimeZone(secondsFromGMT: 0) ?? .current
        return host.update(
            manifest, request: host.request(now: now, displayMode: mode, maximumWidth: width, timeZone: zone))
    }

    /// The shipped Days Remaining widget.
    static func daysRemaining() throws -> WidgetManifest {
        guard let widget = try WidgetCatalog.load(resources: repositoryResources).widget(named: "days-remaining") else {
            throw UnknownWidgetError(name: "days-remaining", installed: [])
        }
        return widget
    }

    /// Writes a widget manifest with the given keys (no extension point: no NSExtension at all).
    func writeManifest(
        _ directory: String, identifier: String, executable: String, extensionPoint: String? = nil
    ) throws {
        var keys: [String: Any] = ["CFBundleIdentifier": identifier, "CFBundleExecutable": executable]
        if let extensionPoint {
            keys["NSExtension"] = [
                "NSExtensionPointIdentifier": extensionPoint, "NSExtensionPrincipalClass": directory,
            ]
        }
        try write(try plist(keys), to: "Today/Widgets/\(directory)/Info.plist")
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    /// An XML property list of a dictionary.
    func plist(_ dictionary: [String: Any]) throws -> String {
        let data = try PropertyListSerialization.data(
            fromPropertyList: dictionary, format: .xml, options: 0)
        return String(decoding: data, as: UTF8.self)
    }
}
