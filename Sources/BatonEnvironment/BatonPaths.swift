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
    /// A daemon reached through another socket (`BATON_SOCKET`: the forward `baton ssh` sets up): clients
    /// talk to it and never start a daemon of their own; a daemon run here still binds `daemonSocket`.
    public var forwardedSocket: URL?

    public init(runtimeDirectory: URL, stateDirectory: URL) {
        self.runtimeDirectory = runtimeDirectory
        self.stateDirectory = stateDirectory
    }

    /// Resolves the paths from an environment (normally the process's).
    public init(environment: [String: String] = ProcessEnvironment.subset(BatonPaths.variables)) {
        forwardedSocket = environment["BATON_SOCKET"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
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

    /// The environment variables the paths are resolved from.
    public static let variables = ["BATON_SOCKET", "BATON_HOME", "XDG_RUNTIME_DIR", "XDG_STATE_HOME", "HOME"]

    /// The socket clients connect to: the forwarded one when set, else this machine's daemon's.
    public var socket: URL { forwardedSocket ?? daemonSocket }
    /// The Unix socket this machine's daemon binds.
    public var daemonSocket: URL { runtimeDirectory.appendingPathComponent("daemon.sock") }
    /// The lock that keeps one daemon per user.
    public var daemonLock: URL { runtimeDirectory.appendingPathComponent("daemon.lock") }
    /// The account link's record (the server, account and machine this machine is linked to): there when linked.
    public var linkRecord: URL { stateDirectory.appendingPathComponent("account-link.json") }
    /// The lock `baton-link run` holds for its life, with its pid written in it.
    public var linkLock: URL { runtimeDirectory.appendingPathComponent("account-link.lock") }
    /// The token the daemon writes at each start for the link it starts to show (`LinkHello`).
    public var linkToken: URL { runtimeDirectory.appendingPathComponent("link.token") }
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

    /// The files the daemon opens as they are (the database and its companions, its log, its lock): each must
    /// be absent or a regular file of the user's (`StrictModes.checkFile`).
    public var daemonPrivateFiles: [URL] {
        ["", "-wal", "-shm", "-journal"].map { URL(fileURLWithPath: database.path + $0) } + [
            logDirectory.appendingPathComponent("daemon.log"), daemonLock,
        ]
    }

    /// The directories Baton owns here: `BATON_HOME` when set, then the runtime and state directories.
    public var ownedDirectories: [URL] {
        let home = runtimeDirectory.deletingLastPathComponent()
        let underHome = home == stateDirectory.deletingLastPathComponent()
        return (underHome ? [home] : []) + [runtimeDirectory, stateDirectory]
    }

    /// Creates what is missing of Baton's directories (mode 0700, logs included) and checks them all
    /// (`StrictModes`); fails with one line naming the path and the fix.
    public func prepare() throws(StrictModeError) {
        for directory in ownedDirectories + [logDirectory] { try StrictModes.secureDirectory(directory) }
    }

    /// Checks the directories that exist, creating nothing: every command runs this before it trusts a
    /// socket or reads state.
    public func verify() throws(StrictModeError) {
        for directory in ownedDirectories { try StrictModes.checkDirectory(directory) }
    }
}
