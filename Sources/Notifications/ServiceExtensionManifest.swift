import Foundation

/// A notification service extension's `Info.plist` (`<App>/PlugIns/<Name>/Info.plist`): its bundle
/// identifier (under its app's), executable (next to `baton`) and extension point.
public struct ServiceExtensionManifest: Hashable, Sendable {
    /// `CFBundleIdentifier`, e.g. `com.example.apple-samplecode.MonkeyBrowser.push`.
    public var bundleIdentifier: String
    /// The app the extension belongs to.
    public var appBundleIdentifier: String
    /// `CFBundleExecutable`: a plain file name found in the executable directory.
    public var executable: String
    /// The extension's bundle directory.
    public var directory: URL

    public init(bundleIdentifier: String, appBundleIdentifier: String, executable: String, directory: URL) {
        self.bundleIdentifier = bundleIdentifier
        self.appBundleIdentifier = appBundleIdentifier
        self.executable = executable
        self.directory = directory
    }

    /// Reads and checks the manifest in `directory`, an extension of the app `appBundleIdentifier`.
    public static func load(from directory: URL, appBundleIdentifier: String) throws(ServiceExtensionManifestError)
        -> ServiceExtensionManifest
    {
        let file = directory.appendingPathComponent("Info.plist")
        let plist = try Self.dictionary(file)
        guard let identifier = plist["CFBundleIdentifier"] as? String, !identifier.isEmpty else {
            throw .init(file: file.path, problem: "missing CFBundleIdentifier")
        }
        guard identifier.hasPrefix(appBundleIdentifier + "."), identifier.count > appBundleIdentifier.count + 1 else {
            throw .init(
                file: file.path,
                problem: "CFBundleIdentifier \(identifier) is not under its app's \(appBundleIdentifier)")
        }
        guard let executable = plist["CFBundleExecutable"] as? String, !executable.isEmpty,
            !executable.contains("/"), executable != ".", executable != ".."
        else { throw .init(file: file.path, problem: "CFBundleExecutable must be a plain file name") }
        let point = (plist["NSExtension"] as? [String: Any])?["NSExtensionPointIdentifier"] as? String
        guard point == ServiceExtensionProtocol.extensionPoint else {
            throw .init(
                file: file.path,
                problem:
                    "NSExtensionPointIdentifier is '\(point ?? "")', not \(ServiceExtensionProtocol.extensionPoint)")
        }
        return ServiceExtensionManifest(
            bundleIdentifier: identifier, appBundleIdentifier: appBundleIdentifier, executable: executable,
            directory: directory)
    }

    /// The extension point the bundle in `directory` declares, if it can be read.
    static func extensionPoint(of directory: URL) -> String? {
        let plist = try? dictionary(directory.appendingPathComponent("Info.plist"))
        return (plist?["NSExtension"] as? [String: Any])?["NSExtensionPointIdentifier"] as? String
    }

    /// A property-list file's top-level dictionary.
    static func dictionary(_ file: URL) throws(ServiceExtensionManifestError) -> [String: Any] {
        guard let data = try? Data(contentsOf: file) else { throw .init(file: file.path, problem: "cannot read it") }
        guard let object = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil),
            let dictionary = object as? [String: Any]
        else { throw .init(file: file.path, problem: "not a property-list dictionary") }
        return dictionary
    }
}

/// A manifest that cannot be used: the file and what is wrong.
public struct ServiceExtensionManifestError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var problem: String
    public var description: String { "\(file): \(problem)" }
}

/// The suite's apps (`Resources/*/Info.plist`) and their notification service extensions
/// (`Resources/<App>/PlugIns/*/Info.plist` declaring `com.apple.usernotifications.service`; one per app,
/// as iOS runs one).
public struct ServiceExtensionCatalog: Sendable {
    /// App bundle identifier → the app's resource directory (where `Localizable.strings` is looked for).
    public var apps: [String: URL]
    /// App bundle identifier → its service extension.
    public var extensions: [String: ServiceExtensionManifest]
    /// One line per manifest that could not be used.
    public var problems: [String]

    public init(
        apps: [String: URL] = [:], extensions: [String: ServiceExtensionManifest] = [:], problems: [String] = []
    ) {
        self.apps = apps
        self.extensions = extensions
        self.problems = problems
    }

    /// Scans `resources` (the suite's `Resources/`).
    public static func load(resources: URL) -> ServiceExtensionCatalog {
        var catalog = ServiceExtensionCatalog()
        let manager = FileManager.default
        for entry in ((try? manager.contentsOfDirectory(atPath: resources.path)) ?? []).sorted() {
            let app = resources.appendingPathComponent(entry, isDirectory: true)
            let info = app.appendingPathComponent("Info.plist")
            guard manager.fileExists(atPath: info.path) else { continue }
            guard let plist = try? ServiceExtensionManifest.dictionary(info),
                let identifier = plist["CFBundleIdentifier"] as? String, !identifier.isEmpty
            else {
                catalog.problems.append("\(info.path): not an app manifest with a CFBundleIdentifier")
                continue
            }
            catalog.apps[identifier] = app
            let plugIns = app.appendingPathComponent("PlugIns", isDirectory: true)
            for name in ((try? manager.contentsOfDirectory(atPath: plugIns.path)) ?? []).sorted()
            where !name.hasPrefix(".") {
                let bundle = plugIns.appendingPathComponent(name, isDirectory: true)
                if ServiceExtensionManifest.extensionPoint(of: bundle) == ServiceExtensionProtocol.contentExtensionPoint
                {
                    continue
                }
                do {
                    let manifest = try ServiceExtensionManifest.load(
                        from: plugIns.appendingPathComponent(name, isDirectory: true), appBundleIdentifier: identifier)
                    if catalog.extensions[identifier] == nil {
                        catalog.extensions[identifier] = manifest
                    } else {
                        catalog.problems.append(
                            "\(manifest.directory.path): \(identifier) already has a service extension")
                    }
                } catch {
                    catalog.problems.append(error.description)
                }
            }
        }
        return catalog
    }
}
