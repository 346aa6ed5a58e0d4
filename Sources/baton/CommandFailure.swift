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
        FileHandle.standardError.write(Data((line + "\n").utf8))
        Foundation.exit(BatonExitCode.failure)
    }
}
