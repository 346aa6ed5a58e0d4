import BatonEnvironment
import Foundation

/// The daemon's systemd user units: `baton.socket` listens where clients connect (`%t/baton/daemon.sock`, which
/// is `BatonPaths.daemonSocket` under `XDG_RUNTIME_DIR`) and starts `baton.service` on the first connection, which
/// takes the socket (`LISTEN_FDS`). The package ships them in `/usr/lib/systemd/user/` and `baton daemon enable`
/// enables those; only a checkout's build writes them for the user with its own path (`DaemonUnitPlan`).
enum UserUnits {
    static let socketName = "baton.socket"
    static let serviceName = "baton.service"

    /// `baton.socket`.
    static let socket = """
        [Unit]
        Description=Baton account daemon socket
        Documentation=man:baton.daemon(1)

        [Socket]
        ListenStream=%t/baton/daemon.sock
        SocketMode=0600
        DirectoryMode=0700
        RemoveOnStop=yes

        [Install]
        WantedBy=sockets.target

        """

    /// `baton.service` for the `baton` at `executable`. The daemon runs in `/` with the user manager's environment
    /// (never a terminal's), and `chdir`s to its state directory itself.
    static func service(executable: String) -> String {
        """
        [Unit]
        Description=Baton account daemon
        Documentation=man:baton.daemon(1)
        Requires=baton.socket
        After=baton.socket

        [Service]
        Type=simple
        ExecStart=\(executable) daemon run
        WorkingDirectory=/
        Restart=on-failure
        UMask=0077

        """
    }

    /// Writes both units into `directory` (created 0755 when missing, as systemd's own are).
    static func write(to directory: URL, executable: String) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(socket.utf8).write(to: directory.appendingPathComponent(socketName), options: .atomic)
        try Data(service(executable: executable).utf8).write(
            to: directory.appendingPathComponent(serviceName), options: .atomic)
    }

    /// Removes the units Baton wrote into `directory` (those that describe Baton's daemon; a unit of the user's
    /// own of the same name stays): the names removed.
    static func removeCopies(from directory: URL) -> [String] {
        [socketName, serviceName].filter { name in
            let url = directory.appendingPathComponent(name)
            guard let text = try? String(contentsOf: url, encoding: .utf8),
                text.contains("Description=Baton account daemon")
            else { return false }
            return (try? FileManager.default.removeItem(at: url)) != nil
        }
    }

    /// The user's unit directory: `$XDG_CONFIG_HOME/systemd/user`, else `~/.config/systemd/user`.
    static func userDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let config =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) + "/.config"
        return URL(fileURLWithPath: config, isDirectory: true).appendingPathComponent("systemd/user", isDirectory: true)
    }
}

/// The user's service manager (`systemd --user`), reached with `systemctl --user`.
enum UserManager {
    /// Whether one runs for this user: its private socket exists under `XDG_RUNTIME_DIR` (SSH sessions without
    /// lingering and containers have none; then the daemon starts on demand).
    static func isRunning(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return false }
        var info = stat()
        return lstat(runtime + "/systemd/private", &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK
    }

    /// Runs `systemctl --user ARGUMENTS`: its exit status and output (nil when systemctl cannot run).
    @discardableResult
    static func systemctl(_ arguments: [String]) -> (status: Int32, output: String)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/systemctl")
        process.arguments = ["--user"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return nil }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// Who starts the daemon here: systemd when a user manager runs and listens on `baton.socket`.
    static func inCharge() -> DaemonStarter {
        guard isRunning(), let state = systemctl(["is-active", UserUnits.socketName]), state.status == 0 else {
            return .onDemand
        }
        return .systemd
    }
}

/// Who starts the daemon.
enum DaemonStarter: String, Encodable {
    /// systemd's user manager, on the first connection to `baton.socket`.
    case systemd
    /// The first `baton` command that needs it (`DaemonLauncher`).
    case onDemand = "on-demand"

    var sentence: String {
        switch self {
        case .systemd: "started by systemd's user manager (baton.socket)"
        case .onDemand: "started on demand by the first baton command that needs it"
        }
    }
}
