import Foundation

/// The exit codes every `baton` command uses (sysexits-style; `baton --help` and the README list them).
public enum BatonExitCode {
    /// The command did what was asked.
    public static let success: Int32 = 0
    /// The command ran and failed (no such file, no value for the key, the UI cannot run here, …).
    public static let failure: Int32 = 1
    /// `baton dump`: the page came with an HTTP error status (its text is still printed).
    public static let httpError: Int32 = 2
    /// No daemon is running (`daemon status`, `devices`, `activities`), or none answers at the socket
    /// `BATON_SOCKET` names (where baton never starts one).
    public static let daemonNotRunning: Int32 = 3
    /// A daemon runs but does not answer (`daemon status`), or turned the command's connection away with a
    /// reason (503: its 64 connections, its descriptor limit), which the command prints.
    public static let daemonNotAnswering: Int32 = 4
    /// `baton dump`: the address is a file to save, not a page (it says where MonkeyBrowser would save it).
    public static let notAPage: Int32 = 5
    /// Bad usage: an unknown command or option, a missing or malformed argument (EX_USAGE).
    public static let usage: Int32 = 64
    /// An unsafe path (EX_CONFIG): Baton's state or runtime directory, or a file the daemon opens, is not the
    /// user's, is writable by others or is a symbolic link (`StrictModes`), or another user serves the socket.
    public static let unsafeState: Int32 = 78

    /// Every code and what it means: `--help` and the README's table are this list.
    public static let table: [(code: Int32, meaning: String)] = [
        (success, "success"),
        (failure, "the command failed (no such file, no value, no usable terminal)"),
        (httpError, "baton dump: the page came with an HTTP error status"),
        (daemonNotRunning, "no daemon is running, or none answers at BATON_SOCKET (never started)"),
        (daemonNotAnswering, "the daemon runs but does not answer, or refused the connection (the reason is printed)"),
        (notAPage, "baton dump: the address is a file to save, not a page"),
        (usage, "bad usage: unknown command or option, bad or missing argument"),
        (unsafeState, "unsafe path (owner, mode, link) or another user's daemon"),
    ]

    /// The table, as `--help` shows it.
    public static var help: String {
        "EXIT CODES:\n"
            + table.map { "  " + String($0.code).padding(toLength: 4, withPad: " ", startingAt: 0) + $0.meaning }
            .joined(separator: "\n")
    }
}
