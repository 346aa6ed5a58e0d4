import Foundation

/// The widgets installed in the Today container: every `Widgets/*/Info.plist` that checks out.
///
/// A malformed manifest does not hide the others; it is listed in `problems`.
public struct WidgetCatalog: Sendable {
    /// The container app (`Resources/Today/Info.plist`).
    public var container: ContainerManifest
    /// Installed widgets, ordered by bundle directory name.
    public var widgets: [WidgetManifest]
    /// One clear message per manifest that could not be used.
    public var problems: [String]

    public init(container: ContainerManifest, widgets: [WidgetManifest], problems: [String] = []) {
        self.container = container
        self.widgets = widgets
        self.problems = problems
    }

    /// Scans `<resources>/Today`; throws when the container's own manifest is unusable.
    public static func load(resources: URL) throws -> WidgetCatalog {
        let today = resources.appendingPathComponent("Today", isDirectory: true)
        let container = try ContainerManifest.load(from: today)
        let widgetsDirectory = today.appendingPathComponent("Widgets", isDirectory: true)
        let entries =
            (try? FileManager.default.contentsOfDirectory(atPath: widgetsDirectory.path)) ?? []
        var widgets: [WidgetManifest] = []
        var problems: [String] = []
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            let directory = widgetsDirectory.appendingPathComponent(entry, isDirectory: true)
            do {
                let manifest = try WidgetManifest.load(from: directory, container: container)
                if widgets.contains(where: { $0.bundleIdentifier == manifest.bundleIdentifier }) {
                    problems.append(
                        "\(directory.path): duplicate CFBundleIdentifier \(manifest.bundleIdentifier)")
                } else {
                    widgets.append(manifest)
                }
            } catch {
                problems.append(String(describing: error))
            }
        }
        return WidgetCatalog(container: container, widgets: widgets, problems: problems)
    }

    /// The widget called `name`: its short name, bundle identifier, bundle directory or display name.
    public func widget(named name: String) -> WidgetManifest? {
        let wanted = name.lowercased()
        return widgets.first {
            [$0.name, $0.bundleIdentifier, $0.directory.lastPathComponent, $0.displayName]
                .contains { $0.lowercased() == wanted }
        }
    }

    /// The widget with this bundle identifier.
    public func widget(identifier: String) -> WidgetManifest? {
        widgets.first { $0.bundleIdentifier == identifier }
    }
}

/// A widget name that matches no installed widget.
public struct UnknownWidgetError: Error, CustomStringConvertible {
    public var name: String
    public var installed: [String]

    public init(name: String, installed: [String]) {
        self.name = name
        self.installed = installed
    }

    public var description: String {
        let list = installed.isEmpty ? "none" : installed.joined(separator: ", ")
        return "no widget named '\(name)' is installed (installed: \(list))"
    }
}
