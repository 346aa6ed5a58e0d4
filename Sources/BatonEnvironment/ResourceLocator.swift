import Foundation

/// Finds the suite's `Resources/` directory (app manifests, start pages, datasets).
///
/// Order: `BATON_RESOURCES`; `share/baton` beside an installed `bin/`; the nearest
/// ancestor of the executable that holds `Resources/ATTRIBUTION.md` (a checkout's build).
public enum ResourceLocator {
    /// The resources directory, or nil when none can be found.
    public static func resourcesDirectory() -> URL? { processResources }

    /// Found once per process: the suite's apps and commands all ask at start-up.
    private static let processResources = resourcesDirectory(
        environment: ProcessEnvironment.subset(["BATON_RESOURCES"]))

    /// The resources directory for an explicit environment, or nil when none can be found.
    public static func resourcesDirectory(environment: [String: String]) -> URL? {
        if let explicit = environment["BATON_RESOURCES"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit, isDirectory: true)
        }
        let executable = executableURL()
        let installed = executable.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/baton", isDirectory: true)
        if isResources(installed) { return installed }
        var directory = executable.deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("Resources", isDirectory: true)
            if isResources(candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// The resources directory or a clear error naming how to fix it.
    public static func requireResources() throws -> URL {
        guard let found = resourcesDirectory() else { throw ResourceError.notFound }
        return found
    }

    /// The running executable, with links resolved.
    public static func executableURL() -> URL {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: CommandLine.arguments.first ?? "baton").resolvingSymlinksInPath()
    }

    /// The directory that holds the running executable (and its sibling executables).
    public static func executableDirectory() -> URL { executableURL().deletingLastPathComponent() }

    private static func isResources(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent("ATTRIBUTION.md").path)
    }
}

/// The suite's resources could not be found.
public enum ResourceError: Error, CustomStringConvertible {
    case notFound
    public var description: String {
        "cannot find Baton's Resources directory; set BATON_RESOURCES to the repository's Resources/ folder"
    }
}
