import BatonEnvironment
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// How every extension host (Today's widgets, the daemon's notification service extensions) starts an
/// extension: its executable from the host's directory, under `baton-box` from the same directory (a
/// process group of its own, killed with its host: `ProcessBox`), the app group and log directories made,
/// stderr to the log.
public enum ExtensionLaunch {
    /// Why an extension could not be started.
    public enum Failure: Error, Equatable, Sendable {
        /// The executable (full path) is missing or not executable.
        case executableMissing(String)
        /// `posix_spawn` failed: the executable and the `errno`.
        case spawnFailed(String, Int32)
    }

    /// Starts `executable` (a file name in `directory`) with the app group and log directories in place.
    public static func start(
        executable: String, in directory: URL, appGroupDirectory: URL, errorLog: URL?
    ) throws(Failure) -> ChildProcess {
        let path = directory.appendingPathComponent(executable).path
        guard access(path, X_OK) == 0 else { throw .executableMissing(path) }
        try? PrivateFile.createDirectory(appGroupDirectory)
        if let errorLog { try? PrivateFile.createDirectory(errorLog.deletingLastPathComponent()) }
        do {
            return try ChildProcess.spawn(
                executable: path, errorLog: errorLog?.path, supervisor: ProcessBox.supervisor(in: directory))
        } catch {
            throw .spawnFailed(error.executable, error.code)
        }
    }
}
