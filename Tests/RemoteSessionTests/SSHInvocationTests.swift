import Testing

@testable import RemoteSession

/// `baton ssh`'s words split into ssh's options, the host and the remote baton's arguments.
@Suite struct SSHInvocationTests {
    @Test func optionsWithValuesAttachedOrSeparateStayWithSSH() throws {
        let invocation = try SSHInvocation.parse(["-p", "2222", "-i/k", "-vA", "-o", "BatchMode=yes", "me@box"])
        #expect(invocation.sshOptions == ["-p", "2222", "-i/k", "-vA", "-o", "BatchMode=yes"])
        #expect(invocation.host == "me@box")
        #expect(invocation.batonArguments.isEmpty)
        #expect(invocation.remoteBaton == "baton")
    }

    @Test func argumentsAfterTheSeparatorGoToTheRemoteBaton() throws {
        let invocation = try SSHInvocation.parse(["--baton=/opt/b", "-F", "cfg", "box", "--", "devices", "--json"])
        #expect(invocation.remoteBaton == "/opt/b")
        #expect(invocation.sshOptions == ["-F", "cfg"])
        #expect(invocation.batonArguments == ["devices", "--json"])
        let spaced = try SSHInvocation.parse(["--baton", "/b", "box"])
        #expect(spaced.remoteBaton == "/b")
    }

    @Test func badUsageIsOneClearLine() {
        #expect(throws: SSHUsageError("missing HOST (baton ssh [ssh options] HOST)")) {
            try SSHInvocation.parse(["-p", "22"])
        }
        #expect(throws: SSHUsageError("ssh option -p needs a value")) { try SSHInvocation.parse(["-p"]) }
        #expect(throws: SSHUsageError("unknown ssh option -Z")) { try SSHInvocation.parse(["-Z", "box"]) }
        #expect(throws: SSHUsageError("ssh's -N runs no remote command; baton ssh runs baton on HOST")) {
            try SSHInvocation.parse(["-N", "box"])
        }
        #expect(
            throws: SSHUsageError(
                "unexpected 'devices' after HOST: baton's arguments follow '--' (baton ssh box -- devices)")
        ) { try SSHInvocation.parse(["box", "devices"]) }
        #expect(throws: SSHUsageError("--baton needs a PATH")) { try SSHInvocation.parse(["--baton="]) }
    }

    @Test func aTerminalIsAskedForUnlessTheUserChose() throws {
        let plain = try SSHInvocation.parse(["box"])
        let withTerminal = SSHSessionPlan.sessionArguments(
            plain, remoteSocket: "/r/s", localSocket: "/l/s", terminal: true)
        #expect(withTerminal.first == "-t")
        #expect(withTerminal.contains("/r/s:/l/s"))
        let chosen = try SSHInvocation.parse(["-T", "box"])
        #expect(chosen.choosesTerminal)
        let arguments = SSHSessionPlan.sessionArguments(
            chosen, remoteSocket: "/r/s", localSocket: "/l/s", terminal: true)
        #expect(!arguments.contains("-t"))
        let notATerminal = SSHSessionPlan.sessionArguments(
            plain, remoteSocket: "/r/s", localSocket: "/l/s", terminal: false)
        #expect(!notATerminal.contains("-t"))
    }
}
