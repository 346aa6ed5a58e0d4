import AccountClient
import BatonEnvironment
import Foundation

/// A command that ran and failed: one line on standard error (prefixed with the command's name by
/// `CommandLineRunner`) and a non-zero exit code from `BatonExitCode`.
struct CommandFailure: Error, CustomStringConvertible {
    var message: String
    var code: Int32

    init(_ message: String, code: Int32 = BatonExitCode.failure) {
        self.message = message
        self.code = code
    }

    var description: String { message }

    /// Gives up at once where a command cannot throw: `line` on standard error, exit status 1.
    static func exit(_ line: String) -> Never {
        CommandLineRunner.printError(line)
        Foundation.exit(BatonExitCode.failure)
    }
}

extension CommandFailure {
    /// `error` as one line with its documented exit code: its own for a `CommandFailure` (`DaemonLauncher`
    /// throws them: 3 when no daemon answers where `BATON_SOCKET` points), 78 for an unsafe path
    /// (`StrictModeError`) or a socket served by another user, 3 for no daemon, 1 for the rest.
    init(describing error: any Error) {
        switch error {
        case let failure as CommandFailure: self = failure
        case let refusal as StrictModeError: self.init(refusal.description, code: BatonExitCode.unsafeState)
        case let link as DaemonLinkError: self.init(link.description, code: BatonExitCode.unsafeState)
        case let query as DaemonQueryError:
            switch query {
            case .foreign: self.init(query.description, code: BatonExitCode.unsafeState)
            case .notRunning: self.init(query.description, code: BatonExitCode.daemonNotRunning)
            default: self.init(query.description, code: query.exitCode)
            }
        default: self.init("\(error)")
        }
    }
}
