import ArgumentParser
import BatonEnvironment
import Foundation
import Today

/// `baton widgets`: the installed widgets and the ones this device shows.
struct WidgetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "widgets", abstract: "List installed and enabled Today widgets.")

    @Option(help: "The device whose enabled widgets to list (else BATON_DEVICE, else this terminal).")
    var device: String?

    @Flag(help: "Print as JSON.")
    var json = false

    func run() throws {
        let catalog = try WidgetCLI.catalog()
        let paths = BatonPaths()
        let deviceName = DeviceName.resolve(option: device)
        let preferences: WidgetPreferences
        do {
            preferences = try WidgetPreferences.load(
                from: WidgetPreferences.file(paths: paths, device: deviceName))
        } catch {
            throw WidgetCLI.fail(error)
        }
        let executables = ResourceLocator.helperDirectory()
        let rows = catalog.widgets.map { widget in
            WidgetListing(
                name: widget.name, identifier: widget.bundleIdentifier, displayName: widget.displayName,
                executable: widget.executable,
                built: FileManager.default.isExecutableFile(
                    atPath: executables.appendingPathComponent(widget.executable).path),
                enabled: preferences.enabled.contains(widget.bundleIdentifier))
        }
        if json {
            let report = WidgetsReport(
                device: deviceName, installed: rows,
                enabled: preferences.installed(in: catalog).map(\.name),
                problems: catalog.problems)
            print(try JSONOutput.string(report))
            return
        }
        print("Installed widgets (\(catalog.container.bundleIdentifier)):")
        for row in rows {
            let state = [row.enabled ? "enabled" : nil, row.built ? nil : "not built"].compactMap { $0 }
            let suffix = state.isEmpty ? "" : "  [\(state.joined(separator: ", "))]"
            print("  \(row.name)  \(row.displayName)  \(row.identifier)\(suffix)")
        }
        let enabled = preferences.installed(in: catalog).map(\.displayName)
        print("Enabled on \(deviceName): \(enabled.isEmpty ? "none" : enabled.joined(separator: ", "))")
        for problem in catalog.problems { WidgetCLI.printError("skipped \(problem)") }
    }
}

/// One installed widget in `baton widgets`.
struct WidgetListing: Encodable {
    var name: String
    var identifier: String
    var displayName: String
    var executable: String
    var built: Bool
    var enabled: Bool
}

/// The `--json` form of `baton widgets`.
struct WidgetsReport: Encodable {
    var device: String
    var installed: [WidgetListing]
    var enabled: [String]
    var problems: [String]
}
