import Foundation

/// Where Baton keeps its socket, database, logs and shared container.
///
/// With `BATON_HOME` set, everything lives under it (`run/` and `state/`); otherwise the
/// XDG base directories are used, as DESIGN.md says.
public struct BatonPaths: Sendable, Equatable {
    /// Directory of the daemon's socket and lock (mode 0700).
    public var runtimeDirectory: URL
    /// Directory of durable state and logs.
    public var stateDirectory: URL

    public init(runtimeDirectory: URL, stateDirectory: URL) {
        self.runtimeDirectory = runtimeDirectory
        self.stateDirectory = stateDirectory
    }

    /// Resolves the paths from an environment (normally the process's).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let home = environment["BATON_HOME"], !home.isEmpty {
            let root = URL(fileURLWithPath: home, isDirectory: true)
            runtimeDirectory = root.appendingPathComponent("run", isDirectory: true)
            stateDirectory = root.appendingPathComponent("state", isDirectory: true)
            return
        }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            runtimeDirectory = URL(fileURLWithPath: runtime, isDirectory: true)
                .appendingPathComponent("baton", isDirectory: true)
        } else {
            runtimeDirectory = URL(fileURLWithPath: "/tmp/baton-\(getuid())", isDirectory: true)
        }
        if let state = environment["XDG_STATE_HOME"], !state.isEmpty {
            stateDirectory = URL(fileURLWithPath: state, isDirectory: true)
                .appendingPathComponent("baton", isDirectory: true)
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            stateDirectory = URL(fileURLWithPath: home, isDirectory: true)
                .appendingPathComponent(".local/state/baton", isDirectory: true)
        }
    }

    /// The daemon's Unix socket.
    public var socket: URL { runtimeDirectory.appendingPathComponent("daemon.sock") }
    /// The lock that keeps one daemon per user.
    public var daemonLock: URL { runtimeDirectory.appendingPathComponent("daemon.lock") }
    /// The account's durable database.
    public var database: URL { stateDirectory.appendingPathComponent("account.sqlite") }
    /// The directory of log files.
    public var logDirectory: URL { stateDirectory.appendingPathComponent("logs", isDirectory: true) }
    /// The app group container shared by the suite and its extensions.
    public var appGroupDirectory: URL {
        stateDirectory.appendingPathComponent("group.baton", isDirectory: true)
    }
    /// Per-device state (tabs, enabled widgets, …).
    public func deviceDirectory(_ device: String) -> URL {
        let safe = String(
            device.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "_" })
        return stateDirectory.appendingPathComponent("devices", isDirectory: true)
            .appendingPathComponent(safe, isDirectory: true)
    }

    /// Creates the runtime directory with mode 0700 and the state directory; fails with a clear error.
    public func prepare() throws {
        let manager = FileManager.default
        try manager.createDirectory(
            at: runtimeDirectory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        if chmod(runtimeDirectory.path, 0o700) != 0 {
            throw BatonPathError.cannotSecure(runtimeDirectory.path)
        }
        try manager.createDirectory(at: stateDirectory, withIntermediateDirectories: true)
        try manager.createDirectory(at: logDirectory, withIntermediateDirectories: true)
    }
}

/// A failure to set up Baton's directories.
public enum BatonPathError: Error, CustomStringConvertible {
    case cannotSecure(String)

    public var description: String {
        switch self {
        case .cannotSecure(let path): "cannot make \(path) private (mode 0700)"
        }
    }
}
