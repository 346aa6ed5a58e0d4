import AccountClient
import ArgumentParser
import BatonEnvironment
import Foundation
import RemoteSession

/// `baton ssh [--baton PATH] [ssh options] HOST [-- baton arguments]`: the remote `baton` as one more device of
/// this machine's account, for as long as the SSH session lives, with no server: the local daemon's socket is
/// forwarded (`ssh -R`) to a per-session path in the remote runtime directory, removed when the session ends.
struct SSHCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ssh",
        abstract: "Run baton on another host as a device of this account, over your own SSH session.",
        discussion: """
            Everything before HOST goes to ssh unchanged (-p, -i, -F, -J, -o …); what follows '--' goes to \
            the remote baton (none: the suite). --baton PATH names the remote program (default: baton on the \
            remote PATH). The remote baton reaches this machine's daemon through BATON_SOCKET; both ends must \
            speak the same Wire version, or the remote one refuses, naming both.
            """)

    @Argument(parsing: .captureForPassthrough, help: "[--baton PATH] [ssh options] HOST [-- baton arguments]")
    var words: [String] = []

    func run() async throws {
        let invocation: SSHInvocation
        do {
            invocation = try SSHInvocation.parse(words)
        } catch {
            throw CommandFailure(error.description, code: BatonExitCode.usage)
        }
        let paths = BatonPaths()
        try await Self.ensureDaemon(paths: paths)
        let ssh = SSHRunner.program()

        let probe = try SSHRunner.capture(ssh, SSHSessionPlan.probeArguments(invocation))
        guard probe.status == 0, let directory = RemoteScript.directory(fromProbeOutput: probe.output) else {
            throw CommandFailure(
                "cannot prepare a socket directory on \(invocation.host) (ssh exited with status \(probe.status))")
        }
        var random = SystemRandomNumberGenerator()
        let remoteSocket: String
        do {
            remoteSocket = try SSHSessionPlan.remoteSocket(in: directory, random: &random)
        } catch {
            throw CommandFailure(error.description)
        }
        let arguments = SSHSessionPlan.sessionArguments(
            invocation, remoteSocket: remoteSocket, localSocket: paths.socket.path,
            terminal: isatty(STDIN_FILENO) == 1)
        throw CommandFailure(SSHRunner.exec(ssh, arguments).description)
    }

    /// Whether `arguments` (the whole command line) is `baton ssh` asking for its help: `--help` or `-h` before
    /// any `--` (what ssh receives passes through untouched, so the parser never sees the flag).
    static func asksForHelp(_ arguments: [String]) -> Bool {
        guard arguments.first == configuration.commandName else { return false }
        return arguments.dropFirst().prefix { $0 != "--" }.contains { $0 == "--help" || $0 == "-h" }
    }

    /// Starts this machine's daemon unless it runs (or this baton itself reaches a forwarded one).
    static func ensureDaemon(paths: BatonPaths) async throws {
        if (try? await DaemonStatus.ping(paths: paths)) != nil { return }
        guard paths.forwardedSocket == nil else {
            throw CommandFailure("no daemon answers at the forwarded socket \(paths.socket.path) (BATON_SOCKET)")
        }
        do {
            try await DaemonLauncher.startOnDemand(paths: paths)
        } catch {
            throw CommandFailure(describing: error)
        }
    }
}
