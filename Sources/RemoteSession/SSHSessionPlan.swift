/// The two ssh command lines of `baton ssh`: the probe that prepares the remote runtime directory, and the
/// session that forwards the local daemon's socket to a per-session path there and runs `baton` against it.
public enum SSHSessionPlan {
    /// The longest Unix socket path Linux binds (`sun_path` holds 108 bytes with its terminating zero).
    public static let maxSocketPathBytes = 107

    /// `ssh [options] -T HOST 'sh -c <probe>'`.
    public static func probeArguments(_ invocation: SSHInvocation) -> [String] {
        invocation.sshOptions + ["-T", invocation.host, RemoteScript.probe]
    }

    /// A fresh socket path in the remote runtime `directory`: `ssh-<16 hex digits>.sock`.
    public static func remoteSocket(
        in directory: String, random: inout some RandomNumberGenerator
    ) throws(SSHUsageError) -> String {
        let name = "ssh-" + String(random.next(), radix: 16).leftPadded(to: 16) + ".sock"
        let path = (directory.hasSuffix("/") ? directory : directory + "/") + name
        guard path.utf8.count <= maxSocketPathBytes else {
            throw SSHUsageError(
                "the remote runtime directory \(directory) is too long for a socket path "
                    + "(\(path.utf8.count) of \(maxSocketPathBytes) bytes); set XDG_RUNTIME_DIR shorter there")
        }
        return path
    }

    /// `ssh [options] [-t] -o ExitOnForwardFailure=yes -o StreamLocalBindUnlink=yes -R remote:local HOST
    /// 'sh -c <session>'`: with `terminal` (this side is a terminal and the user did not choose), a remote
    /// terminal is asked for, as the suite needs one.
    public static func sessionArguments(
        _ invocation: SSHInvocation, remoteSocket: String, localSocket: String, terminal: Bool
    ) -> [String] {
        invocation.sshOptions + (terminal && !invocation.choosesTerminal ? ["-t"] : [])
            + [
                "-o", "ExitOnForwardFailure=yes", "-o", "StreamLocalBindUnlink=yes",
                "-R", "\(remoteSocket):\(localSocket)", invocation.host,
                RemoteScript.session(
                    socket: remoteSocket, baton: invocation.remoteBaton, arguments: invocation.batonArguments),
            ]
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
