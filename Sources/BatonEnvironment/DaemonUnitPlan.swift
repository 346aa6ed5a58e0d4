import Foundation

/// Where the daemon's systemd user units (`baton.socket`, `baton.service`) come from for the `baton` that runs
/// `baton daemon enable` (issue 40, item 7). The package ships them in `/usr/lib/systemd/user`, which the user
/// manager reads: enabling those leaves nothing behind in the user's home when the package is removed. Copies
/// written into `~/.config/systemd/user` survived `apt remove` pointing at a removed program, and shadowed the
/// package's units after an upgrade.
public enum DaemonUnitInstall: Equatable, Sendable {
    /// An installed package whose units are in `directory` (a directory the user manager reads): enable those.
    case packaged(directory: String)
    /// A checkout's build (or a package unpacked where systemd does not look): write units for `executable`.
    case checkout(executable: String)

    /// The prefixes whose `lib/systemd/user` the user manager reads (systemd.unit(5), "User Unit Search Path").
    public static let packagePrefixes = ["/usr", "/usr/local"]

    /// The socket unit's name, the file whose presence says the package's units are there.
    public static let socketName = "baton.socket"
    /// The service unit's name.
    public static let serviceName = "baton.service"

    /// The install kind of the `baton` at `executable`: packaged when it is `PREFIX/bin/baton` for a prefix the
    /// user manager reads and `PREFIX/lib/systemd/user/baton.socket` exists (`fileExists` answers for the disk).
    public static func of(executable: String, fileExists: (String) -> Bool) -> DaemonUnitInstall {
        let bin = URL(fileURLWithPath: executable).standardizedFileURL.deletingLastPathComponent()
        let prefix = bin.deletingLastPathComponent().path
        if bin.lastPathComponent == "bin", packagePrefixes.contains(prefix) {
            let directory = prefix + "/lib/systemd/user"
            if fileExists(directory + "/" + socketName) { return .packaged(directory: directory) }
        }
        return .checkout(executable: executable)
    }
}

/// One step of `baton daemon enable` or `disable`, in the order they run.
public enum DaemonUnitStep: Equatable, Sendable {
    /// Write both units for `executable` into `directory` (a checkout's build only).
    case write(directory: String, executable: String)
    /// Remove the units Baton wrote into `directory` (its own copies only: a unit of someone else stays).
    case removeCopies(directory: String)
    /// Run `systemctl --user ARGUMENTS`.
    case systemctl([String])
}

/// What `baton daemon enable` and `disable` do, decided without touching the machine (`DaemonUnitPlanTests`).
public enum DaemonUnitPlan {
    /// Enabling: a package's units are enabled where they are and no copy is written (an earlier checkout's
    /// copies would shadow them, so they go); a checkout's build writes its own units into `userDirectory`.
    /// Without a user manager (`managerRuns` false) nothing is enabled: the daemon keeps starting on demand.
    public static func enable(_ install: DaemonUnitInstall, userDirectory: String, managerRuns: Bool)
        -> [DaemonUnitStep]
    {
        var steps: [DaemonUnitStep]
        switch install {
        case .packaged: steps = [.removeCopies(directory: userDirectory)]
        case .checkout(let executable): steps = [.write(directory: userDirectory, executable: executable)]
        }
        if managerRuns {
            steps += [.systemctl(["daemon-reload"]), .systemctl(["enable", "--now", DaemonUnitInstall.socketName])]
        }
        return steps
    }

    /// Disabling: the socket and the service are disabled and stopped, and Baton's copies (if a checkout wrote
    /// any) removed; a package's units stay where the package put them.
    public static func disable(_ install: DaemonUnitInstall, userDirectory: String, managerRuns: Bool)
        -> [DaemonUnitStep]
    {
        guard managerRuns else { return [.removeCopies(directory: userDirectory)] }
        return [
            .systemctl(["disable", "--now", DaemonUnitInstall.socketName, DaemonUnitInstall.serviceName]),
            .removeCopies(directory: userDirectory), .systemctl(["daemon-reload"]),
        ]
    }
}
