import Foundation
import NotificationContentExtensionKit

/// A notification content extension's `Info.plist` (`<App>/PlugIns/<Name>/Info.plist` declaring
/// `com.apple.usernotifications.content-extension`), read with `PropertyListDecoder`: the categories it draws,
/// the initial height of its area and whether the default content shows beside it.
public struct ContentExtensionManifest: Hashable, Sendable {
    /// `CFBundleIdentifier`, under its app's.
    public var bundleIdentifier: String
    public var appBundleIdentifier: String
    /// `CFBundleExecutable`: a plain file name found in the helper directory.
    public var executable: String
    /// `UNNotificationExtensionCategory` (a string or an array of them).
    public var categories: [String]
    /// `UNNotificationExtensionInitialContentSizeRatio`: height over width (1 when absent).
    public var initialContentSizeRatio: Double
    /// `UNNotificationExtensionDefaultContentHidden`: only the extension's lines show (false when absent).
    public var defaultContentHidden: Bool
    public var directory: URL

    public init(
        bundleIdentifier: String, appBundleIdentifier: String, executable: String, categories: [String],
        initialContentSizeRatio: Double = 1, defaultContentHidden: Bool = false, directory: URL
    ) {
        self.bundleIdentifier = bundleIdentifier
        self.appBundleIdentifier = appBundleIdentifier
        self.executable = executable
        self.categories = categories
        self.initialContentSizeRatio = initialContentSizeRatio
        self.defaultContentHidden = defaultContentHidden
        self.directory = directory
    }

    /// The terminal rows of the extension's area for a line `width` columns wide: the ratio is of pixels, and a
    /// terminal cell is about twice as tall as it is wide; at least 1, at most the protocol's limit.
    public func rows(width: Int) -> Int {
        let rows = (initialContentSizeRatio * Double(width) / 2).rounded()
        guard rows.isFinite else { return 1 }
        return max(1, min(ContentExtensionProtocol.maximumLines, Int(rows)))
    }

    /// The property list's shape, as far as a content extension needs it.
    private struct Info: Decodable {
        var CFBundleIdentifier: String?
        var CFBundleExecutable: String?
        var NSExtension: Extension?

        struct Extension: Decodable {
            var NSExtensionPointIdentifier: String?
            var NSExtensionAttributes: Attributes?
        }

        struct Attributes: Decodable {
            var UNNotificationExtensionCategory: Categories?
            var UNNotificationExtensionInitialContentSizeRatio: Double?
            var UNNotificationExtensionDefaultContentHidden: Bool?
        }

        /// One category name or an array of them, as Apple allows.
        struct Categories: Decodable {
            var names: [String]
            init(from decoder: any Decoder) throws {
                let single = try decoder.singleValueContainer()
                if let name = try? single.decode(String.self) {
                    names = [name]
                } else {
                    names = try single.decode([String].self)
                }
            }
        }
    }

    /// Reads and checks the manifest in `directory`, an extension of the app `appBundleIdentifier`.
    public static func load(from directory: URL, appBundleIdentifier: String) throws(ContentExtensionManifestError)
        -> ContentExtensionManifest
    {
        let file = directory.appendingPathComponent("Info.plist")
        func problem(_ text: String) -> ContentExtensionManifestError { .init(file: file.path, problem: text) }
        guard let data = try? Data(contentsOf: file) else { throw problem("cannot read it") }
        let info: Info
        do {
            info = try PropertyListDecoder().decode(Info.self, from: data)
        } catch {
            throw problem("not a content extension's property list (\(error))")
        }
        guard info.NSExtension?.NSExtensionPointIdentifier == ContentExtensionProtocol.extensionPoint else {
            throw problem("NSExtensionPointIdentifier is not \(ContentExtensionProtocol.extensionPoint)")
        }
        guard let identifier = info.CFBundleIdentifier, identifier.hasPrefix(appBundleIdentifier + "."),
            identifier.count > appBundleIdentifier.count + 1
        else { throw problem("CFBundleIdentifier is not under its app's \(appBundleIdentifier)") }
        guard let executable = info.CFBundleExecutable, !executable.isEmpty, !executable.contains("/"),
            executable != ".", executable != ".."
        else { throw problem("CFBundleExecutable must be a plain file name") }
        let attributes = info.NSExtension?.NSExtensionAttributes
        let categories = attributes?.UNNotificationExtensionCategory?.names.filter { !$0.isEmpty } ?? []
        guard !categories.isEmpty else { throw problem("no UNNotificationExtensionCategory") }
        let ratio = attributes?.UNNotificationExtensionInitialContentSizeRatio ?? 1
        guard ratio.isFinite, ratio > 0 else {
            throw problem("UNNotificationExtensionInitialContentSizeRatio must be a positive number")
        }
        return ContentExtensionManifest(
            bundleIdentifier: identifier, appBundleIdentifier: appBundleIdentifier, executable: executable,
            categories: categories, initialContentSizeRatio: ratio,
            defaultContentHidden: attributes?.UNNotificationExtensionDefaultContentHidden ?? false,
            directory: directory)
    }
}

/// A content extension manifest that cannot be used: the file and what is wrong.
public struct ContentExtensionManifestError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var problem: String
    public var description: String { "\(file): \(problem)" }
}

/// The suite's content extensions: for each app (`Resources/<App>/Info.plist`), the bundles in its `PlugIns/`
/// that declare the content extension point, by the categories they draw.
public struct ContentExtensionCatalog: Sendable {
    /// App bundle identifier → category identifier → its extension (the first bundle, by name, that names it).
    public var extensions: [String: [String: ContentExtensionManifest]]
    /// One line per manifest that could not be used.
    public var problems: [String]

    public init(extensions: [String: [String: ContentExtensionManifest]] = [:], problems: [String] = []) {
        self.extensions = extensions
        self.problems = problems
    }

    /// The extension that draws `category` of `bundle`, if one does.
    public func manifest(bundle: String, category: String) -> ContentExtensionManifest? {
        category.isEmpty ? nil : extensions[bundle]?[category]
    }

    /// Scans `resources` (the suite's `Resources/`).
    public static func load(resources: URL) -> ContentExtensionCatalog {
        var catalog = ContentExtensionCatalog()
        let manager = FileManager.default
        for entry in ((try? manager.contentsOfDirectory(atPath: resources.path)) ?? []).sorted() {
            let app = resources.appendingPathComponent(entry, isDirectory: true)
            guard let data = try? Data(contentsOf: app.appendingPathComponent("Info.plist")),
                let bundle = try? PropertyListDecoder().decode(AppInfo.self, from: data).CFBundleIdentifier
            else { continue }
            let plugIns = app.appendingPathComponent("PlugIns", isDirectory: true)
            for name in ((try? manager.contentsOfDirectory(atPath: plugIns.path)) ?? []).sorted()
            where !name.hasPrefix(".") {
                let directory = plugIns.appendingPathComponent(name, isDirectory: true)
                guard let info = try? Data(contentsOf: directory.appendingPathComponent("Info.plist")),
                    (try? PropertyListDecoder().decode(PointInfo.self, from: info))?.NSExtension?
                        .NSExtensionPointIdentifier == ContentExtensionProtocol.extensionPoint
                else { continue }
                do {
                    let manifest = try ContentExtensionManifest.load(from: directory, appBundleIdentifier: bundle)
                    for category in manifest.categories where catalog.extensions[bundle]?[category] == nil {
                        catalog.extensions[bundle, default: [:]][category] = manifest
                    }
                } catch {
                    catalog.problems.append(error.description)
                }
            }
        }
        return catalog
    }

    private struct AppInfo: Decodable { var CFBundleIdentifier: String }
    private struct PointInfo: Decodable {
        var NSExtension: Point?
        struct Point: Decodable { var NSExtensionPointIdentifier: String? }
    }
}
