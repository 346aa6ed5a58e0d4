import AccountClient
import ArgumentParser
import BatonEnvironment
import Foundation
import Wire

/// `baton daemon enable`: the daemon under systemd's user manager (socket activation, `UserUnits`). An installed
/// package's units are enabled where the package put them; a checkout's build writes its own (`DaemonUnitPlan`).
struct DaemonEnableCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enable",
        abstract: "Let systemd's user manager start the daemon (baton.socket and baton.service).",
        discussion: """
            Installed from the package, enables the package's baton.socket (/usr/lib/systemd/user) and writes \
            nothing; from a checkout's build, writes baton.socket and baton.service for that build into \
            ~/.config/systemd/user (XDG_CONFIG_HOME). Where a user manager runs, it enables and starts \
            baton.socket: the daemon then starts on the first connection. Where none runs (an SSH session \
            without lingering, a container) nothing is enabled and the daemon keeps starting on demand.
            """)

    func run() async throws {
        let install = DaemonUnitStepRunner.install()
        let managerRuns = UserManager.isRunning()
        let steps = DaemonUnitPlan.enable(
            install, userDirectory: UserUnits.userDirectory().path, managerRuns: managerRuns)
        if case .packaged(let directory) = install { print("the package's units are in \(directory)") }
        if managerRuns {
            // A daemon started on demand gives the socket path up to systemd's listener.
            let paths = BatonPaths()
            if (try? await DaemonStatus.ping(paths: paths, timeout: .seconds(2))) != nil {
                try? await DaemonQuery.send(paths: paths, .shutdown(Shutdown()))
            }
        }
        try DaemonUnitStepRunner.perform(steps)
        guard managerRuns else {
            print(
                "no systemd user manager runs for this session: the daemon still starts on demand "
                    + "('systemctl --user enable --now baton.socket' where one runs)")
            return
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
        let steps = DaemonUnitPlan.disable(
            DaemonUnitStepRunner.install(), userDirectory: UserUnits.userDirectory().path,
            managerRuns: UserManager.isRunning())
        try DaemonUnitStepRunner.perform(steps)
        print("the daemon starts on demand")
    }
}

/// Runs `DaemonUnitPlan`'s steps on this machine.
enum DaemonUnitStepRunner {
    /// The install kind of this `baton`.
    static func install() -> DaemonUnitInstall {
        DaemonUnitInstall.of(executable: ResourceLocator.batonExecutable().path) {
            FileManager.default.fileExists(atPath: $0)
        }
    }

    static func perform(_ steps: [DaemonUnitStep]) throws {
        for step in steps {
            switch step {
            case .write(let directory, let executable):
                try UserUnits.write(to: URL(fileURLWithPath: directory, isDirectory: true), executable: executable)
                print("wrote \(UserUnits.socketName) and \(UserUnits.serviceName) in \(directory) (\(executable))")
            case .removeCopies(let directory):
                let removed = UserUnits.removeCopies(from: URL(fileURLWithPath: directory, isDirectory: true))
                if !removed.isEmpty { print("removed \(removed.joined(separator: " and ")) from \(directory)") }
            case .systemctl(let arguments) where arguments.first == "enable":
                guard let result = UserManager.systemctl(arguments), result.status == 0 else {
                    CommandLineRunner.printError("baton: systemctl --user \(arguments.joined(separator: " ")) failed")
                    throw ExitCode(1)
                }
            case .systemctl(let arguments):
                UserManager.systemctl(arguments)
            }
        }
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
