import Foundation

/// Finds Baton's programs and its `Resources/` directory, by one rule for a checkout's build and an installed
/// package (`Sources/BatonEnvironment/README.md`, "Where programs and resources are"):
///
/// - installed: `baton` in `PREFIX/bin/`, every helper (`baton-fetch`, `baton-link`, `baton-box`, the
///   extensions, `baton-notification-server`) in `PREFIX/lib/baton/`, resources in `PREFIX/share/baton/`;
///   a program in either directory is installed when `PREFIX/lib/baton/` holds `baton-box`;
/// - a checkout's build: every program side by side in `.build/<configuration>/`, resources in the nearest
///   ancestor's `Resources/`;
/// - `BATON_RESOURCES` overrides where the resources are.
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
        return resourcesDirectory(executable: executableURL())
    }

    /// The resources directory for a program at `executable` (the lookup rule without the environment).
    public static func resourcesDirectory(executable: URL) -> URL? {
        if let layout = InstalledLayout(executable: executable) {
            return isResources(layout.resources) ? layout.resources : nil
        }
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

    /// The directory that holds the running executable.
    public static func executableDirectory() -> URL { executableURL().deletingLastPathComponent() }

    /// The directory of the helper programs (`baton-fetch`, `baton-link`, `baton-box`, the extensions,
    /// `baton-notification-server`): `PREFIX/lib/baton` when installed, else beside the running program.
    public static func helperDirectory() -> URL { helperDirectory(executable: executableURL()) }

    /// The helper directory for a program at `executable`.
    public static func helperDirectory(executable: URL) -> URL {
        InstalledLayout(executable: executable)?.helpers ?? executable.deletingLastPathComponent()
    }

    /// The helper program `name` (see `helperDirectory`).
    public static func helper(_ name: String) -> URL { helperDirectory().appendingPathComponent(name) }

    /// The `baton` program: this one when it is `baton`, `PREFIX/bin/baton` when installed, else beside it.
    public static func batonExecutable() -> URL { batonExecutable(executable: executableURL()) }

    /// The `baton` program for a program at `executable`.
    public static func batonExecutable(executable: URL) -> URL {
        if executable.lastPathComponent == "baton" { return executable }
        if let layout = InstalledLayout(executable: executable) { return layout.baton }
        return executable.deletingLastPathComponent().appendingPathComponent("baton")
    }

    private static func isResources(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent("ATTRIBUTION.md").path)
    }
}

/// The installed layout around a program in `PREFIX/bin/` or `PREFIX/lib/baton/`, when `PREFIX/lib/baton/`
/// holds the supervisor (`baton-box`, which every package ships).
struct InstalledLayout: Equatable {
    var prefix: URL

    init?(executable: URL) {
        let directory = executable.deletingLastPathComponent().standardizedFileURL
        let parent = directory.deletingLastPathComponent()
        let prefix: URL
        if directory.lastPathComponent == "bin" {
            prefix = parent
        } else if directory.lastPathComponent == "baton", parent.lastPathComponent == "lib" {
            prefix = parent.deletingLastPathComponent()
        } else {
            return nil
        }
        let box = prefix.appendingPathComponent("lib/baton/\(ProcessBox.supervisorName)")
        guard FileManager.default.isExecutableFile(atPath: box.path) else { return nil }
        self.prefix = prefix
    }

    var baton: URL { prefix.appendingPathComponent("bin/baton") }
    var helpers: URL { prefix.appendingPathComponent("lib/baton", isDirectory: true) }
    var resources: URL { prefix.appendingPathComponent("share/baton", isDirectory: true) }
}

/// The suite's resources could not be found.
public enum ResourceError: Error, CustomStringConvertible {
    case notFound
    public var description: String {
        "cannot find Baton's Resources directory; set BATON_RESOURCES to the repository's Resources/ folder"
    }
}
