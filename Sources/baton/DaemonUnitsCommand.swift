import AccountClient
import ArgumentParser
import BatonEnvironment
import Foundation
import Wire

/// `baton daemon enable`: the daemon under systemd's user manager (socket activation, `UserUnits`).
struct DaemonEnableCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enable",
        abstract: "Let systemd's user manager start the daemon (baton.socket and baton.service).",
        discussion: """
            Writes baton.socket and baton.service into ~/.config/systemd/user (XDG_CONFIG_HOME) and, where a user \
            manager runs, enables and starts baton.socket: the daemon then starts on the first connection. Where \
            none runs (an SSH session without lingering, a container) the units wait and the daemon keeps \
            starting on demand.
            """)

    func run() async throws {
        let directory = UserUnits.userDirectory()
        let executable = ResourceLocator.batonExecutable().path
        try UserUnits.write(to: directory, executable: executable)
        print("wrote \(UserUnits.socketName) and \(UserUnits.serviceName) in \(directory.path) (\(executable))")
        guard UserManager.isRunning() else {
            print(
                "no systemd user manager runs for this session: the daemon still starts on demand "
                    + "('systemctl --user enable --now baton.socket' where one runs)")
            return
        }
        // A daemon started on demand gives the socket path up to systemd's listener.
        let paths = BatonPaths()
        if (try? await DaemonStatus.ping(paths: paths, timeout: .seconds(2))) != nil {
            try? await DaemonQuery.send(paths: paths, .shutdown(Shutdown()))
        }
        UserManager.systemctl(["daemon-reload"])
        guard let result = UserManager.systemctl(["enable", "--now", UserUnits.socketName]), result.status == 0 else {
            CommandLineRunner.printError("baton: systemctl --user enable --now baton.socket failed")
            throw ExitCode(1)
        }
        print("enabled \(UserUnits.socketName): systemd starts the daemon on the first connection")
    }
}

/// `baton daemon disable`: back to the daemon started on demand.
struct DaemonDisableCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "disable",
        abstract: "Stop systemd's user manager from starting the daemon; it starts on demand again.")

    func run() async throws {
        if UserManager.isRunning() {
            UserManager.systemctl(["disable", "--now", UserUnits.socketName, UserUnits.serviceName])
        }
        let directory = UserUnits.userDirectory()
        var removed: [String] = []
        for name in [UserUnits.socketName, UserUnits.serviceName] {
            let url = directory.appendingPathComponent(name)
            if (try? FileManager.default.removeItem(at: url)) != nil { removed.append(name) }
        }
        if UserManager.isRunning() { UserManager.systemctl(["daemon-reload"]) }
        print(
            removed.isEmpty
                ? "no baton units in \(directory.path); the daemon starts on demand"
                : "removed \(removed.joined(separator: " and ")) from \(directory.path); the daemon starts on demand")
    }
}

/// `baton daemon units DIRECTORY`: writes the units for a package (`scripts/package-deb.sh`).
struct DaemonUnitsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "units", abstract: "Write baton.socket and baton.service into a directory.", shouldDisplay: false)

    @Argument(help: "The directory (created when missing).") var directory: String
    @Option(help: "The baton program the service runs.") var executable = "/usr/bin/baton"

    func run() throws {
        try UserUnits.write(to: URL(fileURLWithPath: directory, isDirectory: true), executable: executable)
    }
}
