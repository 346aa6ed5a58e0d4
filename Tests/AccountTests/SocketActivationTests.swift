import AccountClient
import Foundation
import Testing

/// `baton daemon run` with a listening socket passed as systemd passes one (`LISTEN_FDS`, `LISTEN_PID`), without
/// systemd: a Python stand-in binds the socket, puts it on descriptor 3 and `exec`s the daemon (same pid).
@Suite(.serialized) struct SocketActivationTests {
    /// argv: socket path, mode (`systemd`, `other-pid`, `wide`), then the daemon's command line.
    static let activator = """
        import json, os, socket, sys
        path, mode, command = sys.argv[1], sys.argv[2], sys.argv[3:]
        os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        old = os.umask(0o177)
        listener.bind(path)
        os.umask(old)
        listener.listen(16)
        if listener.fileno() != 3:
            os.dup2(listener.fileno(), 3)
        os.set_inheritable(3, True)
        if mode == "wide":
            os.chmod(path, 0o666)
        env = dict(os.environ, LISTEN_FDS="1", LISTEN_PID=str(1 if mode == "other-pid" else os.getpid()))
        print(json.dumps({"event": "bound", "inode": os.stat(path).st_ino}), flush=True)
        os.execve(command[0], command, env)
        """

    private func activate(_ harness: BatonHarness, mode: String) throws -> ProbeProcess {
        try harness.launch(
            ["daemon", "run"], prefix: ["/usr/bin/python3", "-c", Self.activator, harness.socket.path, mode])
    }

    private func inode(_ path: String) -> Int? {
        var info = stat()
        return lstat(path, &info) == 0 ? Int(info.st_ino) : nil
    }

    /// Polls `daemon status --json` until the daemon answers (a hang guard of a minute, not a timing test).
    private func answeringPID(_ harness: BatonHarness) async throws -> Int32? {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let status = try await harness.run(["daemon", "status", "--json"])
            if status.status == 0,
                let report = try? JSONSerialization.jsonObject(with: Data(status.output.utf8)) as? [String: Any]
            {
                return (report["daemonPID"] as? NSNumber)?.int32Value
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        return nil
    }

    @Test func daemonServesThePassedSocketAndLeavesItsFileForTheNextStart() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let daemon = try activate(harness, mode: "systemd")
        let bound = try #require(await daemon.waitForEvent("bound")?["inode"] as? Int)
        let pid = try await answeringPID(harness)
        #expect(pid == daemon.pid, "the exec'd process serves: \(daemon.transcript)")
        #expect(inode(harness.socket.path) == bound, "the daemon served the passed socket, it did not bind its own")
        #expect(try await harness.run(["daemon", "stop"]).status == 0)
        #expect(await daemon.exitStatus() == 0)
        // The socket file is the service manager's: it stays for the next activation.
        #expect(inode(harness.socket.path) == bound)
    }

    @Test func socketForAnotherProcessIsIgnored() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let daemon = try activate(harness, mode: "other-pid")
        let bound = try #require(await daemon.waitForEvent("bound")?["inode"] as? Int)
        #expect(try await answeringPID(harness) == daemon.pid)
        // sd_listen_fds: LISTEN_PID names another process, so the daemon bound its own socket.
        #expect(inode(harness.socket.path) != bound)
    }

    /// Strict modes hold for a passed socket too: one others may connect to is refused, never served.
    @Test func passedSocketOthersCanReachIsRefused() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let daemon = try activate(harness, mode: "wide")
        let status = await daemon.exitStatus()
        #expect(status != 0 && status != nil)
        #expect(daemon.transcript.contains("socket activation"), "\(daemon.transcript)")
        #expect(daemon.transcript.contains("0600"), "\(daemon.transcript)")
    }

    /// The daemon a command starts on demand keeps none of that terminal's variables (only `DetachedEnvironment`).
    @Test func daemonStartedOnDemandLeavesTheTerminalsEnvironmentBehind() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        harness.environment["TMUX"] = "/tmp/tmux-0/default,1,0"
        harness.environment["TERMINAL_ONLY_SETTING"] = "yes"
        harness.environment["BATON_DEVICE"] = "first-suite"
        #expect(try await harness.run(["daemon", "start"]).status == 0)
        let pid = try #require(harness.daemonPID)
        let environ = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ"))
        let names = environ.split(separator: 0).map { String(decoding: $0, as: UTF8.self).prefix { $0 != "=" } }
        #expect(!names.contains("TMUX") && !names.contains("TERMINAL_ONLY_SETTING"), "\(names)")
        #expect(!names.contains("BATON_DEVICE"), "the first suite's device name went to the daemon: \(names)")
        #expect(names.contains("BATON_HOME"))
    }

    @Test func detachedEnvironmentKeepsOnlyWhatTheDaemonReads() {
        let kept = DetachedEnvironment.filter([
            "HOME": "/home/u", "BATON_HOME": "/x", "XDG_RUNTIME_DIR": "/run/user/1", "LC_ALL": "C.UTF-8",
            "TERM": "xterm", "PWD": "/mnt/usb", "SSH_AUTH_SOCK": "/tmp/agent", "LISTEN_FDS": "1", "BATON_DEVICE": "a",
        ])
        #expect(Set(kept.keys) == ["HOME", "BATON_HOME", "XDG_RUNTIME_DIR", "LC_ALL"])
    }
}
