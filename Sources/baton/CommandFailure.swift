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
}

/// The exit codes every `baton` command uses (sysexits-style; `baton --help` and the README list them).
enum BatonExitCode {
    /// The command did what was asked.
    static let success: Int32 = 0
    /// The command ran and failed (no such file, no value for the key, the UI cannot run here, …).
    static let failure: Int32 = 1
    /// `baton dump`: the page came with an HTTP error status (its text is still printed).
    static let httpError: Int32 = 2
    /// No daemon is running (`daemon status`, `devices`, `activities`).
    static let daemonNotRunning: Int32 = 3
    /// Bad usage: an unknown command or option, a missing or malformed argument (EX_USAGE).
    static let usage: Int32 = 64

    /// The table, as `--help` shows it.
    static let help = """
        EXIT CODES:
          0   success
          1   the command failed (no such file, no value, no usable terminal)
          2   baton dump: the page came with an HTTP error status
          3   no daemon is running (daemon status, devices, activities)
          64  bad usage: unknown command or option, bad or missing argument
        """
}
