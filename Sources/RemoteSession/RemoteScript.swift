import Foundation

/// The shell text `baton ssh` runs on the remote host: POSIX `sh`, whatever the user's login shell, since it
/// is handed over as `sh -c '…'`.
public enum RemoteScript {
    /// The marker in front of the directory the probe prints (a login banner or a chatty rc file may print too).
    public static let directoryMarker = "BATON-RUNTIME "

    /// Makes (0700) and prints the remote user's Baton runtime directory, by the rules of `BatonPaths`:
    /// `$BATON_HOME/run`, else `$XDG_RUNTIME_DIR/baton`, else `/tmp/baton-$UID`. Fails when it exists but is not
    /// the user's (chmod refuses), so a socket is never bound where someone else controls the directory.
    public static let probe: String = command(
        #"""
        if [ -n "${BATON_HOME:-}" ]; then d="$BATON_HOME/run"; elif [ -n "${XDG_RUNTIME_DIR:-}" ]; then d="$XDG_RUNTIME_DIR/baton"; else d="/tmp/baton-$(id -u)"; fi; mkdir -p "$d" && chmod 700 "$d" && [ -O "$d" ] && [ ! -L "$d" ] && printf '\#(directoryMarker)%s\n' "$d"
        """#)

    /// Runs `baton` with `arguments` pointed at the forwarded `socket`, then removes the socket, also when the
    /// session ends by a hang-up or a signal; exits with baton's status.
    public static func session(socket: String, baton: String, arguments: [String]) -> String {
        let invocation = ([baton] + arguments).map(quote).joined(separator: " ")
        return command(
            "s=\(quote(socket)); trap 'rm -f \"$s\"' EXIT; trap 'exit 129' HUP; trap 'exit 143' TERM; "
                + "BATON_SOCKET=\"$s\" \(invocation)")
    }

    /// The directory the probe printed, from ssh's standard output.
    public static func directory(fromProbeOutput output: String) -> String? {
        output.split(separator: "\n").last { $0.hasPrefix(directoryMarker) }
            .map { String($0.dropFirst(directoryMarker.count)) }
            .flatMap { $0.hasPrefix("/") ? $0 : nil }
    }

    /// `script` as one remote command line: `sh -c '<script>'`.
    static func command(_ script: String) -> String { "sh -c " + quote(script) }

    /// `word` quoted for a POSIX shell (single quotes; a quote inside becomes `'\''`).
    public static func quote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
