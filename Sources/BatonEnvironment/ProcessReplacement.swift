import Glibc

/// Replaces this process with another program (`baton ssh` becomes `ssh`, `baton account` becomes `baton-link`),
/// which then owns the terminal, the signals and the exit status.
public enum ProcessReplacement {
    /// Execs `program` with `arguments` (not counting `argv[0]`): the signals Baton handles at their defaults and
    /// none blocked; a name without a slash is looked up on the `PATH`. Returns `errno` only when it fails.
    public static func exec(_ program: String, _ arguments: [String]) -> Int32 {
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in CleanSignals.handled {
            Glibc.signal(signal, SIG_DFL)
            sigaddset(&mask, signal)
        }
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        let argv = CStringArray([program] + arguments)
        execvp(program, argv.pointers)
        return errno
    }
}
