import Foundation

/// A widget extension's `Info.plist`: who it is, what to run, and which extension point it serves.
public struct WidgetManifest: Sendable, Equatable, Identifiable {
    /// The extension point every Today widget declares.
    public static let extensionPoint = "com.apple.widget-extension"

    /// `CFBundleIdentifier`, e.g. `com.baton.today.days-remaining`.
    public var bundleIdentifier: String
    /// The short name used on the command line: the identifier after the container's prefix.
    public var name: String
    /// `CFBundleDisplayName` (else `CFBundleName`, else `name`).
    public var displayName: String
    /// `CFBundleExecutable`: a file name found next to the running `baton`.
    public var executable: String
    /// `NSExtension.NSExtensionPrincipalClass`.
    public var principalClass: String
    /// The bundle directory that holds the manifest.
    public var directory: URL

    public var id: String { bundleIdentifier }

    public init(
        bundleIdentifier: String, name: String, displayName: String, executable: String,
        principalClass: String,
        directory: URL
    ) {
        self.bundleIdentifier = bundleIdentifier
        self.name = name
        self.displayName = displayName
        self.executable = executable
        self.principalClass = principalClass
        self.directory = directory
    }

    /// Reads and checks the manifest in `directory`, which must belong to `container`.
    public static func load(from directory: URL, container: ContainerManifest) throws
        -> WidgetManifest
    {
        let file = directory.appendingPathComponent("Info.plist")
        let plist = try PropertyList(file: file)
        let identifier = try plist.string("CFBundleIdentifier")
        let prefix = container.bundleIdentifier + "."
        guard identifier.hasPrefix(prefix), identifier.count > prefix.count else {
            throw ManifestError.notInContainer(
                file: file.path, identifier: identifier, container: container.bundleIdentifier)
        }
        let executable = try plist.string("CFBundleExecutable")
        guard !executable.contains("/"), executable != ".", executable != ".." else {
            throw ManifestError.badExecutable(file: file.path, executable: executable)
        }
        let extensionInfo = try plist.dictionary("NSExtension")
        let point = try extensionInfo.string("NSExtensionPointIdentifier")
        guard point == extensionPoint else {
            throw ManifestError.wrongExtensionPoint(file: file.path, found: point)
        }
        let name = String(identifier.dropFirst(prefix.count))
        return WidgetManifest(
            bundleIdentifier: identifier, name: name,
            displayName: plist.optionalString("CFBundleDisplayName") ?? plist.optionalString(
                "CFBundleName") ?? name,
            executable: executable, principalClass: try extensionInfo.string("NSExtensionPrincipalClass"),
            directory: directory)
    }
}

/// The container app's `Info.plist` (`Resources/Today/Info.plist`).
public struct ContainerManifest: Sendable, Equatable {
    public var bundleIdentifier: String
    public var displayName: String

    public init(bundleIdentifier: String, displayName: String) {
        self.bundleIdentifier = bundleIdentifier
        self.displayName = displayName
    }

    /// Reads the container's manifest from its directory.
    public static func load(from directory: URL) throws -> ContainerManifest {
        let plist = try PropertyList(file: directory.appendingPathComponent("Info.plist"))
        let identifier = try plist.string("CFBundleIdentifier")
        return ContainerManifest(
            bundleIdentifier: identifier,
            displayName: plist.optionalString("CFBundleDisplayName") ?? plist.optionalString(
                "CFBundleName") ?? identifier)
    }
}

/// A manifest that cannot be used, with the file it came from.
public enum ManifestError: Error, Equatable, CustomStringConvertible {
    case unreadable(file: String, reason: String)
    case missingKey(file: String, key: String)
    case notInContainer(file: String, identifier: String, container: String)
    case badExecutable(file: String, executable: String)
    case wrongExtensionPoint(file: String, found: String)

    public var description: String {
        switch self {
        case .unreadable(let file, let reason): "\(file): not a readable property list (\(reason))"
        case .missingKey(let file, let key): "\(file): missing or empty \(key)"
        case .notInContainer(let file, let identifier, let container):
            "\(file): CFBundleIdentifier \(identifier) does not start with the container's \(container)."
        case .badExecutable(let file, let executable):
            "\(file): CFBundleExecutable '\(executable)' must be a plain file name"
        case .wrongExtensionPoint(let file, let found):
            "\(file): NSExtensionPointIdentifier is '\(found)', not \(WidgetManifest.extensionPoint)"
        }
    }
}
